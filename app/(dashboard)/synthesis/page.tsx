import type { Metadata } from 'next';
import { LiveRefresh } from '@/components/changes/LiveRefresh';
import { ContextPreviewPanel } from '@/components/synthesis/ContextPreviewPanel';
import { ScopeTabs } from '@/components/synthesis/ScopeTabs';
import { SnapshotsPanel } from '@/components/synthesis/SnapshotsPanel';
import { SynthesisEntriesPanel } from '@/components/synthesis/SynthesisEntriesPanel';
import { SYNTHESIS_TABS, type SynthesisTab, SynthesisTabs } from '@/components/synthesis/SynthesisTabs';
import { PageHeader } from '@/components/ui/PageHeader';
import { scopeAccessNotice } from '@/components/ui/ScopeAccessNotice';
import { pageAccess } from '@/lib/pages/page-access';
import { normalizeUri } from '@/lib/facts/normalize';
import { isFactScope } from '@/lib/facts/scope';
import { minConfidenceParam } from '@/lib/synthesis/view/min-confidence-param';
import { readChangeBaseline } from '@/lib/changes/read-changes';
import { queryKeys } from '@/lib/client/query-keys';

export const metadata: Metadata = { title: 'Synthesis' };

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// /synthesis?scope=&tab=entries|snapshots|context&include_expired=1&contradicted=1&entity=&min=0.6
export default async function SynthesisPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const query = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const access = await pageAccess(`/synthesis${query.size ? `?${query}` : ''}`);
  const readable = access.scopes;
  const scopeParam = one(params.scope);
  const scope = isFactScope(scopeParam) ? scopeParam : readable[0];
  const tabParam = one(params.tab);
  const tab: SynthesisTab = SYNTHESIS_TABS.some((t) => t.tab === tabParam) ? (tabParam as SynthesisTab) : 'entries';
  const includeExpired = one(params.include_expired) === '1';
  const contradictedOnly = one(params.contradicted) === '1';
  const entity = normalizeUri(one(params.entity) ?? '').slice(0, 2048);
  const minConfidence = minConfidenceParam(one(params.min));

  return (
    <>
      <PageHeader
        title="Synthesis"
        description="The current state of a scope: one winning value per (entity, relation) — higher confidence, then the newer — with contradictions flagged. Read-only; save snapshots to compare over time."
        actions={readable.length ? <ScopeTabs scopes={readable} current={scope} basePath="/synthesis" keep={tab === 'entries' ? {} : { tab }} /> : null}
      />
      {scopeAccessNotice(readable, scope, 'synthesis-no-access') ?? (
        <>
          <SynthesisTabs current={tab} scope={scope} />
          {tab === 'entries' ? (
            <>
              {/* The entries and totals follow writes to the scope (its totals are maintained, so a re-read is cheap at any size). */}
              <LiveRefresh baseline={await readChangeBaseline([scope])} watch={{ scope, knowledge: true, activity: false }} invalidate={queryKeys.synthesis} />
              <SynthesisEntriesPanel
                key={`${scope}:${includeExpired}:${contradictedOnly}:${entity}`}
                scope={scope}
                includeExpired={includeExpired}
                contradictedOnly={contradictedOnly}
                entity={entity}
                initialMinConfidence={minConfidence}
              />
            </>
          ) : tab === 'snapshots' ? (
            <SnapshotsPanel key={scope} scope={scope} canWrite={access.can('write', scope)} />
          ) : (
            <ContextPreviewPanel key={scope} scope={scope} />
          )}
        </>
      )}
    </>
  );
}
