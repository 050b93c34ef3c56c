import type { Metadata } from 'next';
import { AlertCard } from '@/components/alerts/AlertCard';
import { AlertStatusTabs } from '@/components/alerts/AlertStatusTabs';
import { RulesTable } from '@/components/alerts/RulesTable';
import { AddWebhookForm } from '@/components/webhooks/AddWebhookForm';
import { WebhookRow } from '@/components/webhooks/WebhookRow';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/ui/PageHeader';
import { cardStyles } from '@/components/ui/styles';
import { listAlerts } from '@/lib/alerts/alert-store';
import { listRules } from '@/lib/alerts/rule-store';
import { pageAccess } from '@/lib/pages/page-access';
import type { FactScope } from '@/lib/facts/scope';
import { listWebhooks } from '@/lib/webhooks/webhook-store';

export const metadata: Metadata = { title: 'Alerts' };

type SearchParams = Record<string, string | string[] | undefined>;
const STATUSES = ['active', 'resolved', 'all'] as const;

export default async function AlertsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = (await searchParams).status;
  const status = STATUSES.find((s) => s === raw) ?? 'active';
  const access = await pageAccess(`/alerts?status=${status}`);
  const { alerts, counts } = await listAlerts({ status, limit: 200 }, access.scopes);
  const rules = await listRules(access.scopes);
  const isAdmin = access.can('admin');
  const webhooks = isAdmin ? (await listWebhooks(access.scopesWith('admin'))).webhooks : [];
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Alerts open when a rule’s condition starts to hold after a health run, update while it holds and resolve by themselves at the first run where it no longer does. Acknowledge one to say you are on it."
      />
      <AlertStatusTabs status={status} counts={counts} />
      {alerts.length ? (
        <ul className="space-y-3" data-testid="alert-list">
          {alerts.map((a) => (
            <AlertCard key={a.id} alert={a} canAcknowledge={access.can('write', a.scope as FactScope)} />
          ))}
        </ul>
      ) : (
        <EmptyState title={status === 'resolved' ? 'No resolved alerts' : status === 'all' ? 'No alerts yet' : 'Nothing is alerting'} testId="alerts-empty">
          Every rule below is checked after each health run of a scope.
        </EmptyState>
      )}
      <h2 className="mt-10 mb-3 text-lg font-semibold text-slate-900">Rules</h2>
      {/* A rule of every scope is global: only an admin of every scope changes it. */}
      <RulesTable rules={rules} canEdit={(rule) => (rule.scope ? access.can('admin', rule.scope as FactScope) : access.everyScope('admin'))} />
      {isAdmin ? (
        <section aria-labelledby="webhooks-title" className="mt-10" data-testid="webhooks-admin">
          <h2 id="webhooks-title" className="text-lg font-semibold text-slate-900">
            Webhooks
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            Every alert transition is POSTed as JSON signed with <code className="font-mono">X-Stigmem-Signature: sha256=…</code> (HMAC of the body with the destination’s secret). The body has a Slack-compatible <code className="font-mono">text</code>, so a Slack, Teams or Google Chat incoming-webhook URL works as is. Failed deliveries are retried with backoff for 24 hours.
          </p>
          <div className={`${cardStyles} mt-4 p-4`}>
            <AddWebhookForm ownScopes={access.scopesWith('admin')} everyScope={access.everyScope('admin')} />
          </div>
          {webhooks.length ? (
            <ul className={`${cardStyles} mt-4 divide-y divide-slate-100 px-4`}>
              {webhooks.map((w) => (
                <WebhookRow key={w.id} hook={w} />
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-slate-500">No destinations yet.</p>
          )}
        </section>
      ) : null}
    </>
  );
}
