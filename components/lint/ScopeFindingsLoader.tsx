import type { FactRecord } from '@/lib/facts/fact-record';
import type { FindingsPage } from '@/lib/lint/findings-page';
import type { ScopeHealth } from '@/lib/lint/lint-summary';
import type { FindingsView } from '@/lib/lint/view/findings-query';
import { totalFindings } from '@/lib/lint/view/scope-status';
import { FindingsResults } from './FindingsResults';
import type { FindingActor } from '@/lib/lint/view/finding-actor';

export interface LoadedFindings {
  page: FindingsPage;
  /** The facts of the page's contradiction findings, by id. */
  facts: Record<string, FactRecord>;
}

/** The scope page's findings (filters, one page of the table, pager, export) once they are read; the page streams them in. */
export async function ScopeFindingsLoader({
  scope,
  view,
  actor,
  health: healthPromise,
  findings,
}: {
  scope: string;
  view: FindingsView;
  actor: FindingActor;
  health: Promise<ScopeHealth>;
  findings: Promise<LoadedFindings>;
}) {
  const health = await healthPromise;
  const { page, facts } = await findings;
  return (
    <FindingsResults
      scope={scope}
      view={view}
      factCount={health.fact_count}
      findingCount={totalFindings(health.findings)}
      namespaces={health.by_namespace.map((n) => n.namespace).filter(Boolean).sort()}
      findings={page.findings}
      facts={facts}
      total={page.total}
      actor={actor}
    />
  );
}
