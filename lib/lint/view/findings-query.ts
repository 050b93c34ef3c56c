import type { FindingsPageQuery } from '../findings-page';
import { LINT_CHECKS, type LintCheck, SEVERITIES, type Severity } from '../lint-request';

// The scope page's state lives in its URL (?check=&severity=&namespace=&q=&sort=&dir=&page=, and
// for a scope above the async threshold &job=, the lint job whose findings it shows), so a
// filtered view can be bookmarked and shared. Parsing is forgiving: a value that does not parse (an
// edited URL) falls back to its default instead of failing the page.

export const FINDING_SORT_KEYS = ['severity', 'check', 'entity', 'relation'] as const satisfies readonly FindingsPageQuery['sort'][];
export type FindingSort = (typeof FINDING_SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export const FINDINGS_PAGE_SIZE = 50;

export interface FindingsView {
  check?: LintCheck;
  severity?: Severity;
  /** Relation namespace (the part of the relation before the first ":"). Entity-level findings
   *  (orphans, no relation) are selected with check=orphan instead. */
  namespace?: string;
  q?: string;
  sort: FindingSort;
  dir: SortDir;
  /** 1-based. */
  page: number;
  /** A large scope's lint job whose findings the page shows (its id): paging and filtering read that
   *  job's result instead of linting again. Absent: the page lints. */
  job?: string;
}

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type RawParams = Record<string, string | string[] | undefined> | URLSearchParams;

function first(params: RawParams, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

const oneOf = <T extends string>(options: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && (options as readonly string[]).includes(value) ? (value as T) : undefined;

export function parseFindingsView(params: RawParams): FindingsView {
  const namespace = first(params, 'namespace');
  const q = first(params, 'q')?.trim();
  const page = Number(first(params, 'page'));
  const job = first(params, 'job');
  return {
    check: oneOf(LINT_CHECKS, first(params, 'check')),
    severity: oneOf(SEVERITIES, first(params, 'severity')),
    namespace: namespace && namespace.length <= 100 ? namespace : undefined,
    q: q ? q.slice(0, 500) : undefined,
    sort: oneOf(FINDING_SORT_KEYS, first(params, 'sort')) ?? 'severity',
    dir: first(params, 'dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    ...(job && JOB_ID.test(job) ? { job } : {}),
  };
}

export function isFiltered(view: FindingsView): boolean {
  return view.check !== undefined || view.severity !== undefined || view.namespace !== undefined || view.q !== undefined;
}

/** The findingsPage query of a view (the scope comes from the path). */
export function toPageQuery(view: FindingsView, pageSize = FINDINGS_PAGE_SIZE): Omit<FindingsPageQuery, 'scope'> {
  return {
    check: view.check,
    severity: view.severity,
    namespace: view.namespace,
    q: view.q,
    stale_lookahead_s: 0,
    sort: view.sort,
    dir: view.dir,
    offset: (view.page - 1) * pageSize,
    limit: pageSize,
  };
}

/** The URL of the scope page with `changes` applied; defaults are left out so URLs stay short. */
export function findingsHref(scope: string, view: FindingsView, changes: Partial<FindingsView> = {}): string {
  const next = { ...view, ...changes };
  const params = new URLSearchParams();
  if (next.check) params.set('check', next.check);
  if (next.severity) params.set('severity', next.severity);
  if (next.namespace) params.set('namespace', next.namespace);
  if (next.q) params.set('q', next.q);
  if (next.sort !== 'severity') params.set('sort', next.sort);
  if (next.dir !== 'asc') params.set('dir', next.dir);
  if (next.page > 1) params.set('page', String(next.page));
  if (next.job) params.set('job', next.job);
  const query = params.toString();
  return `/scopes/${encodeURIComponent(scope)}${query ? `?${query}` : ''}`;
}

/** Clicking a column sorts by it ascending; clicking the current sort column flips it. Back to page 1. */
export function sortHref(scope: string, view: FindingsView, column: FindingSort): string {
  const dir: SortDir = view.sort === column && view.dir === 'asc' ? 'desc' : 'asc';
  return findingsHref(scope, view, { sort: column, dir, page: 1 });
}

export function pageCount(total: number, pageSize = FINDINGS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
