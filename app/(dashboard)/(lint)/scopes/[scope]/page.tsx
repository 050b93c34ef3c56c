import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FindingsSkeleton } from '@/components/lint/FindingsSkeleton';
import { LargeScopeFindingsLoader } from '@/components/lint/LargeScopeFindingsLoader';
import { LintJobProgress } from '@/components/lint/LintJobProgress';
import { RelintButton } from '@/components/lint/RelintButton';
import { type LoadedFindings, ScopeFindingsLoader } from '@/components/lint/ScopeFindingsLoader';
import { ScopeRunSummaryLoader } from '@/components/lint/ScopeRunSummary';
import { ScopeSummaryLoader } from '@/components/lint/ScopeSummaryLoader';
import { ScopeSummarySkeleton } from '@/components/lint/ScopeSummarySkeleton';
import { ScoreExplainer } from '@/components/lint/ScoreExplainer';
import { LiveRefresh } from '@/components/changes/LiveRefresh';
import { PageHeader } from '@/components/ui/PageHeader';
import { readChangeBaseline } from '@/lib/changes/read-changes';
import { pageAccess } from '@/lib/pages/page-access';
import { decodePathParam } from '@/lib/pages/path-param';
import { findingsHref, parseFindingsView, toPageQuery } from '@/lib/lint/view/findings-query';
import { scopeSize } from '@/lib/lint/scope-size';
import { findingsPage } from '@/lib/lint/findings-page';
import { loadFindingFacts } from '@/lib/lint/load-finding-facts';
import { scopeHealth } from '@/lib/lint/lint-summary';
import { startScopeLint } from '@/lib/health-history/start-scope-lint';
import { latestRunHealth } from '@/lib/health-history/overview-health';
import { type LintPreview, lintPreview, PREVIEW_WAIT_MS } from '@/lib/lint/lint-preview';
import { databaseKind } from '@/lib/db/connection';

export const metadata: Metadata = { title: 'Scope health' };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function ScopePage({ params, searchParams }: { params: Promise<{ scope: string }>; searchParams: Promise<SearchParams> }) {
  const requested = decodePathParam((await params).scope);
  const view = parseFindingsView(await searchParams);
  const access = await pageAccess(findingsHref(requested, view), { scope: requested });
  const [scope] = access.scopes;
  const { principal } = access;
  const actor = { canWrite: access.can('write', scope), canModerate: access.can('admin', scope), source: principal.entityUri };
  // Before the scope is read: what this render includes, for the live refresh.
  const baseline = await readChangeBaseline([scope]);
  const size = await scopeSize(scope);

  const header = (
    <PageHeader
      back={{ href: '/', label: 'Health' }}
      title={`Scope: ${scope}`}
      description="Lint findings of this scope. Filter and sort them, and fix each one from its row: resolve a contradiction, retract a stale value, mend a broken reference, move a bare relation under a namespace, or quarantine a planted or secret-bearing value."
      actions={size.needsJob ? undefined : <RelintButton />}
    />
  );
  // Above the async threshold a render starts a lint job: the page says the scope changed instead of linting on every write.
  const live = <LiveRefresh baseline={baseline} watch={{ scope, knowledge: true, activity: true }} invalidate={['lint']} notifyOnly={size.needsJob} />;

  if (size.needsJob) {
    // The score is the latest health run's (a lint job's findings carry none), read first: one
    // indexed row. Then the lint starts, on the server; the shell goes out while it runs (start-scope-lint.ts).
    const latest = latestRunHealth(scope);
    // The first findings in lint's order, for the page to act on while the whole lint runs: one page
    // of the paged lint. On the embedded database a lint job holds its one session until it ends, so
    // the preview is read just before a new job starts (none when an earlier job serves); on
    // PostgreSQL beside the start.
    let previewing: Promise<LintPreview | null> | null = null;
    const readPreview = () => (previewing ??= lintPreview(scope, PREVIEW_WAIT_MS).catch(() => null));
    const embedded = databaseKind() === 'pglite';
    const lint = latest.then(() => startScopeLint(scope, principal, view, embedded ? readPreview : undefined));
    const preview = embedded ? lint.then(() => previewing, () => null) : latest.then(readPreview, () => null);
    latest.catch(() => undefined);
    lint.catch(() => undefined);
    return (
      <>
        {header}
        {live}
        <Suspense fallback={<ScopeSummarySkeleton scope={scope} />}>
          <ScopeRunSummaryLoader scope={scope} latest={latest} threshold={size.threshold} />
        </Suspense>
        <Suspense fallback={<LintJobProgress scope={scope} threshold={size.threshold} job={null} estimatedS={null} />}>
          <LargeScopeFindingsLoader lint={lint} preview={preview} scope={scope} threshold={size.threshold} view={view} actor={actor} />
        </Suspense>
        <ScoreExplainer />
      </>
    );
  }

  // The shell (header, the two skeletons, the score's explanation) goes out first; the headline
  // streams in when the scope's health is computed, then the findings. One read after the other:
  // on the embedded database queries run one after another anyway, and the headline arrives soonest.
  const health = scopeHealth(scope);
  const findings = health.then(async (): Promise<LoadedFindings> => {
    const page = await findingsPage({ scope, ...toPageQuery(view) });
    return { page, facts: await loadFindingFacts(page.findings, scope) };
  });
  // Rendered (and awaited) inside the Suspense boundaries below; a failure goes to error.tsx there.
  // Marked handled here so it is not reported as unhandled before a boundary awaits it.
  health.catch(() => undefined);
  findings.catch(() => undefined);

  return (
    <>
      {header}
      {live}
      <Suspense fallback={<ScopeSummarySkeleton scope={scope} />}>
        <ScopeSummaryLoader health={health} />
      </Suspense>
      <Suspense fallback={<FindingsSkeleton />}>
        <ScopeFindingsLoader scope={scope} view={view} actor={actor} health={health} findings={findings} />
      </Suspense>
      <ScoreExplainer />
    </>
  );
}
