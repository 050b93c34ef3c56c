import type { Metadata } from 'next';
import { AlertGroupList } from '@/components/alerts/AlertGroupList';
import { ALERT_PAGE_STATUSES, AlertStatusTabs } from '@/components/alerts/AlertStatusTabs';
import { RulesTable } from '@/components/alerts/RulesTable';
import { AddWebhookForm } from '@/components/webhooks/AddWebhookForm';
import { WebhookRow } from '@/components/webhooks/WebhookRow';
import { LiveRefresh } from '@/components/changes/LiveRefresh';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/ui/PageHeader';
import { cardStyles } from '@/components/ui/styles';
import { listAlertGroups } from '@/lib/alerts/alert-store';
import { listRules } from '@/lib/alerts/rule-store';
import { readChangeBaseline } from '@/lib/changes/read-changes';
import { pageAccess } from '@/lib/pages/page-access';
import type { FactScope } from '@/lib/facts/scope';
import { listWebhooks } from '@/lib/webhooks/webhook-store';

export const metadata: Metadata = { title: 'Alerts' };

type SearchParams = Record<string, string | string[] | undefined>;
const EMPTY: Record<string, string> = { resolved: 'No resolved alerts', all: 'No alerts yet', muted: 'Nothing is muted', acknowledged: 'Nothing is acknowledged' };

export default async function AlertsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = (await searchParams).status;
  const status = ALERT_PAGE_STATUSES.find((s) => s === raw) ?? 'active';
  const access = await pageAccess(`/alerts?status=${status}`);
  const baseline = await readChangeBaseline(access.scopes);
  const { groups, counts } = await listAlertGroups({ status, group: 'rule_scope', limit: 200 }, access.scopes);
  const rules = await listRules(access.scopes);
  const isAdmin = access.can('admin');
  const webhooks = isAdmin ? (await listWebhooks(access.scopesWith('admin'))).webhooks : [];
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Alerts open when a rule’s condition starts to hold after a health run (not while the scope is getting better), update while it holds and resolve by themselves at the first run where it no longer does. One card per rule and scope. Acknowledge to say you are on it; mute a rule on a scope to stop it opening alerts there until a time you choose."
      />
      <LiveRefresh baseline={baseline} watch={{ knowledge: false, activity: true }} />
      <p className="mb-3 text-sm text-slate-700" data-testid="alert-summary">
        <strong data-testid="alert-open-count">{counts.open}</strong> open {counts.open === 1 ? 'alert' : 'alerts'} (the header’s count) · {counts.muted} muted · {counts.acknowledged} acknowledged
      </p>
      <AlertStatusTabs status={status} counts={counts} />
      {groups.length ? (
        <AlertGroupList groups={groups} writableScopes={access.scopesWith('write')} />
      ) : (
        <EmptyState title={EMPTY[status] ?? 'Nothing is alerting'} testId="alerts-empty">
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
