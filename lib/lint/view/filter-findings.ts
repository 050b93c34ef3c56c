import { bytewise, CHECK_RANK, compareFindings, SEVERITY_RANK } from '../compare-findings';
import type { LintFinding } from '../lint-request';
import { FINDINGS_PAGE_SIZE, type FindingsView } from './findings-query';

// The same filters, sorts and paging as the scope page's SQL (lib/lint/findings-page.ts), applied to
// a list of findings already in hand: on the server to a finished lint job's findings
// (lib/lint/job-findings-page.ts), and in the browser when a large scope's lint answered at once.

/** split_part(coalesce(relation, ''), ':', 1), as in finding-sql.ts. */
export function findingNamespace(relation: string | null): string {
  return (relation ?? '').split(':')[0];
}

/** PostgreSQL puts NULLs last ascending and first descending. */
function byRelation(a: LintFinding, b: LintFinding): number {
  if (a.relation === null || b.relation === null) return a.relation === b.relation ? 0 : a.relation === null ? 1 : -1;
  return bytewise(a.relation, b.relation);
}

const primary: Record<FindingsView['sort'], (a: LintFinding, b: LintFinding) => number> = {
  severity: (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
  check: (a, b) => CHECK_RANK[a.check] - CHECK_RANK[b.check],
  entity: (a, b) => bytewise(a.entity, b.entity),
  relation: byRelation,
};

export interface FilteredFindings {
  findings: LintFinding[];
  total: number;
  offset: number;
}

export function filterFindings(all: readonly LintFinding[], view: FindingsView, pageSize = FINDINGS_PAGE_SIZE): FilteredFindings {
  const q = view.q?.trim().toLowerCase();
  const matching = all.filter(
    (f) =>
      (!view.check || f.check === view.check) &&
      (!view.severity || f.severity === view.severity) &&
      (view.namespace === undefined || findingNamespace(f.relation) === view.namespace) &&
      (!q || f.entity.includes(q)),
  );
  const sign = view.dir === 'desc' ? -1 : 1;
  matching.sort((a, b) => sign * primary[view.sort](a, b) || compareFindings(a, b));
  const offset = (view.page - 1) * pageSize;
  return { findings: matching.slice(offset, offset + pageSize), total: matching.length, offset };
}

/** The relation namespaces present in a list of findings, for the filter's options. */
export function namespacesOf(findings: readonly LintFinding[]): string[] {
  return [...new Set(findings.map((f) => findingNamespace(f.relation)))].filter(Boolean).sort(bytewise);
}
