import type { Metadata } from 'next';
import { DecayPoliciesPanel } from '@/components/decay/DecayPoliciesPanel';
import { DryRunPreview } from '@/components/decay/DryRunPreview';
import { FactPreviewCard } from '@/components/decay/FactPreviewCard';
import { ScopeTabs } from '@/components/synthesis/ScopeTabs';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { scopeAccessNotice } from '@/components/ui/ScopeAccessNotice';
import { pageAccess } from '@/lib/pages/page-access';
import { matchPolicy } from '@/lib/decay/decay-policy';
import { listPolicies } from '@/lib/decay/policy-store';
import { visiblePolicies } from '@/lib/decay/policy-reach';
import { decayHref } from '@/lib/decay/view/decay-href';
import { defaultDecayScope } from '@/lib/decay/view/default-decay-scope';
import { getFact } from '@/lib/facts/query-facts';
import { isFactScope } from '@/lib/facts/scope';

export const metadata: Metadata = { title: 'Decay' };

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// /decay?scope=<scope> previews a sweep of the scope; /decay?scope=<scope>&fact_id=<id> previews
// one fact (the lint page links stale findings here; build the URL with lib/decay/view/decay-href).
export default async function DecayPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const scopeParam = one(params.scope);
  const factId = one(params.fact_id)?.trim().slice(0, 200) || null;
  const access = await pageAccess(decayHref({ scope: scopeParam, factId }));
  const readable = access.scopes;
  const policies = visiblePolicies(await listPolicies(), readable);
  const scope = isFactScope(scopeParam) ? scopeParam : (defaultDecayScope(readable, (s) => access.can('write', s), policies) ?? readable[0]);
  const canRead = !!scope && readable.includes(scope);
  const canWrite = canRead && access.can('write', scope);
  const fact = factId && canRead ? await getFact(factId, [scope]) : null;

  return (
    <>
      <PageHeader
        title="Decay"
        description="Policies that age facts out, and a dry run of what a sweep would write before you apply it. A sweep never changes a fact: it asserts new ones (retractions or lower confidence) with source system:stigmem:decay."
      />
      <DecayPoliciesPanel initialPolicies={policies} isAdmin={access.can('admin')} manageable={[...access.scopesWith('admin'), ...(access.everyScope('admin') ? ['*'] : [])]} />
      <section aria-labelledby="preview-title" className="mt-10 space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="preview-title" className="text-base font-semibold text-slate-900">
              Dry-run preview{scope ? <> — scope {scope}</> : null}
            </h2>
            <p className="text-sm text-slate-600">What a sweep would write now. Nothing is written until you apply it.</p>
          </div>
          {readable.length ? <ScopeTabs scopes={readable} current={scope} basePath="/decay" /> : null}
        </div>
        {scopeAccessNotice(readable, scope, 'decay-no-access') ?? (
          <>
            {factId ? <FactPreviewCard scope={scope} factId={factId} fact={fact} policy={fact ? matchPolicy(fact.relation, scope, policies) : null} /> : null}
            {!canWrite ? (
              <Notice tone="warning" title="Needs the write permission" testId="decay-needs-write">
                Previewing and applying a sweep needs write access to scope “{scope}” (POST /v1/decay/sweep); this key only reads it. The policies above are still yours to read.
              </Notice>
            ) : factId && !fact ? null : (
              <DryRunPreview key={`${scope}:${factId ?? ''}`} scope={scope} factId={factId} />
            )}
          </>
        )}
      </section>
    </>
  );
}
