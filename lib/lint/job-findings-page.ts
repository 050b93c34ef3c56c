import { filterFindings, namespacesOf } from './view/filter-findings';
import type { FindingsView } from './view/findings-query';
import { jobItems, type JobRecord } from '../jobs/jobs';
import type { FactRecord } from '../facts/fact-record';
import { isFactScope } from '../facts/scope';
import type { LintFinding, LintResult, Severity } from './lint-request';
import { loadFindingFacts } from './load-finding-facts';

// The scope page of a large scope (above the async threshold) pages its findings from the finished
// lint job on the server: the browser receives one page of rows, the severity counts and the
// namespaces for the filter, never the job's whole result (21k findings, 7.7 MB at 100k facts).

export interface JobFindingsPage {
  job: JobRecord & Partial<Omit<LintResult, 'findings'>>;
  /** Null while the job is pending or running (or failed: job.status says which). */
  page: {
    findings: LintFinding[];
    total: number;
    offset: number;
    counts: Record<Severity, number>;
    namespaces: string[];
    finding_count: number;
    /** The facts of this page's contradiction findings, by id. */
    facts: Record<string, FactRecord>;
  } | null;
}

export async function jobFindingsPage(id: string, view: FindingsView): Promise<JobFindingsPage> {
  const { record, pagedKey, items } = await jobItems(id, 'lint');
  if (record.status !== 'done' || pagedKey !== 'findings') return { job: record, page: null };
  const findings = items as LintFinding[];
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  const filtered = filterFindings(findings, view);
  const facts = isFactScope(record.scope) ? await loadFindingFacts(filtered.findings, record.scope) : {};
  return { job: record, page: { ...filtered, counts, namespaces: namespacesOf(findings), finding_count: findings.length, facts } };
}
