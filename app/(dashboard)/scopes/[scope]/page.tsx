import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FindingsFilters } from '@/components/lint/FindingsFilters';
import { FindingsExportLinks } from '@/components/lint/FindingsExportLinks';
import { FindingsPager } from '@/components/lint/FindingsPager';
import { FindingsTable } from '@/components/lint/FindingsTable';
import { LargeScopeFindings } from '@/components/lint/LargeScopeFindings';
import { RelintButton } from '@/components/lint/RelintButton';
import { ScopeSummary } from '@/components/lint/ScopeSummary';
import { ScoreExplainer } from '@/components/lint/ScoreExplainer';
import { EmptyState } from '@/components/ui/EmptyState';
import { BackLink } from '@/components/ui/BackLink';
import { PageHeader } from '@/components/ui/PageHeader';
import { linkStyles } from '@/components/ui/styles';
import { requirePrincipal } from '@/lib/auth/current-principal';
import { can, readableScopes } from '@/lib/auth/principal';
import { decodePathParam } from '@/lib/entities/path-param';
import { isFactScope } from '@/lib/facts/scope';
import { findingsHref, isFiltered, parseFindingsView, toPageQuery } from '@/lib/health/findings-query';
import { plural, totalFindings } from '@/lib/health/scope-status';
import { scopeSize } from '@/lib/health/scope-size';
import { findingsPage } from '@/lib/lint/findings-page';
import { loadFindingFacts } from '@/lib/lint/load-finding-facts';
import { scopeHealth } from '@/lib/lint/lint-summary';

export const metadata: Metadata = { title: 'Scope health' };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function ScopePage({ params, searchParams }: { params: Promise<{ scope: string }>; searchParams: Promise<SearchParams> }) {
  const scope = decodePathParam((await params).scope);
  const view = parseFindingsView(await searchParams);
  const principal = await requirePrincipal(findingsHref(scope, view));
  if (!isFactScope(scope) || !readableScopes(principal).includes(scope)) notFound();
  const canWrite = can(principal, 'write', scope);
  const size = await scopeSize(scope);

  const header = (
    <>
      <BackLink href="/" label="Health" />
      <PageHeader
        title={`Scope: ${scope}`}
        description="Lint findings of this scope. Filter and sort them, and fix each one from its row: resolve a contradiction, retract a stale value, mend a broken reference, or move a bare relation under a namespace."
        actions={size.needsJob ? undefined : <RelintButton />}
      />
    </>
  );

  if (size.needsJob) {
    return (
      <>
        {header}
        <LargeScopeFindings scope={scope} factCount={size.factCount} view={view} canWrite={canWrite} source={principal.entityUri} />
        <ScoreExplainer />
      </>
    );
  }

  // Sequential: on the embedded database queries run one after another anyway.
  const health = await scopeHealth(scope);
  const page = await findingsPage({ scope, ...toPageQuery(view) });
  const facts = await loadFindingFacts(page.findings, scope);
  const healthy = totalFindings(health.findings) === 0;
  const namespaces = health.by_namespace.map((n) => n.namespace).filter(Boolean).sort();

  return (
    <>
      {header}
      <ScopeSummary health={health} />
      {healthy ? (
        <EmptyState title="This scope is healthy" testId="scope-healthy">
          No contradictions, stale values, orphaned entities, broken references or bare relations in {plural(health.fact_count, 'fact')}.
        </EmptyState>
      ) : (
        <>
          <FindingsFilters scope={scope} view={view} namespaces={namespaces} />
          {page.findings.length ? (
            <FindingsTable scope={scope} findings={page.findings} facts={facts} view={view} canWrite={canWrite} source={principal.entityUri} />
          ) : (
            <EmptyState title={isFiltered(view) && page.total === 0 ? 'No findings match these filters' : 'No findings on this page'} testId="findings-empty">
              <Link href={findingsHref(scope, { ...view, check: undefined, severity: undefined, namespace: undefined, q: undefined, page: 1 })} className={linkStyles}>
                Show all findings
              </Link>
            </EmptyState>
          )}
          <FindingsPager scope={scope} view={view} total={page.total} shown={page.findings.length} />
          <FindingsExportLinks scope={scope} view={view} />
        </>
      )}
      <ScoreExplainer />
    </>
  );
}
