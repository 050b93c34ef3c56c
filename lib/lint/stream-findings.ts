import { Prisma } from '../generated/prisma/client';
import { readCursor, readMergedCursors } from '../db/read-cursor';
import { BACKGROUND_READ_TIMEOUT_MS } from '../db/read-only';
import type { FindingRow } from './finding-sql';
import { filteredFindingsSql, findingsOrderSql, type FindingsPageQuery } from './findings-page';
import type { LintCheck, LintFinding, LintRequest, LintResult, Severity } from './lint-request';
import { findingBlock } from './compare-findings';
import { countFacts, findingFromRow, type FindingJsonRow, findingsJsonSql, toFinding } from './run-lint';
import { formatInstant } from '../time/instant';
import { scopeRevision } from '../facts/scope-revision';

/** Findings per FETCH: a batch is a few hundred kB of rows, whatever the scope's size. */
export const FINDINGS_BATCH = 1000;

export type ScopeFinding = LintFinding & { namespace: string };

/**
 * Every finding of the scope page's filters and sort (the findings export), in batches read through
 * a cursor (lib/db/read-cursor.ts): one lint query, its rows fetched as the download goes. A page's
 * offset and limit, if given, are ignored.
 */
export function streamFindings(query: Omit<FindingsPageQuery, 'offset' | 'limit'>, batchSize = FINDINGS_BATCH): AsyncGenerator<ScopeFinding[]> {
  const sql = Prisma.sql`${filteredFindingsSql(query, new Date())} ${findingsOrderSql(query.sort, query.dir)}`;
  return readCursor<FindingRow, ScopeFinding>(sql, {
    batchSize,
    map: (_tx, rows) => rows.map((row) => ({ ...toFinding(row, query.scope), namespace: row.namespace })),
  });
}

/** The lint job's answer without its findings: fact_count is set once the last batch has been read. */
export type LintHead = Omit<LintResult, 'findings'>;

/** What a streamed lint read besides its findings, known once the last batch is in. */
export interface LintSnapshot {
  /** The scope's revision in the lint's snapshot (lib/facts/scope-revision.ts). */
  revision: string;
}

/**
 * The lint job's queries: each check's findings form whole (severity, check) blocks of FINDING_ORDER,
 * so the checks can be read by separate queries and merged by block alone. Orphan and broken_ref
 * both read the maintained entity liveness (finding-sql.ts) and stay together. On PostgreSQL
 * each query runs on its own connection in one shared snapshot, on as many cores: at 1M facts the
 * three take 1.5 s side by side where the one statement took 2.7 s (docs/performance.md).
 */
export const LINT_QUERY_GROUPS: readonly (readonly LintCheck[])[] = [['contradiction'], ['stale', 'namespacing'], ['orphan', 'broken_ref'], ['injection', 'sensitive']];

/** The most severe finding each check gives (finding-sql.ts): where its findings can begin in FINDING_ORDER. */
const FIRST_SEVERITY: Record<LintCheck, Severity> = { contradiction: 'error', stale: 'warning', orphan: 'info', broken_ref: 'error', namespacing: 'warning', injection: 'error', sensitive: 'error' };

/** The least block a query of `checks` can yield: its findings are not waited for before it. */
export const firstBlockOf = (checks: readonly LintCheck[]) => Math.min(...checks.map((check) => findingBlock(FIRST_SEVERITY[check], check)));

/**
 * A lint as runLint answers it, its findings in batches in FINDING_ORDER through cursors: one READ
 * ONLY snapshot, the checks read by LINT_QUERY_GROUPS' queries and merged, each batch converted with
 * findingFromRow as it is fetched. The facts are counted in the same snapshot (REPEATABLE READ) while
 * the queries run, into head.fact_count, and the scope's revision read into snapshot.revision; both
 * are set once the last batch is out.
 */
export function streamLint(request: LintRequest, batchSize = FINDINGS_BATCH): StreamedLint<LintFinding> {
  return streamLintRows(request, batchSize, (rows) => rows.map((row) => findingFromRow(row.j, request.scope)));
}

export interface StreamedLint<T> {
  head: LintHead;
  snapshot: LintSnapshot;
  batches: AsyncGenerator<T[]>;
}

/** streamLint with each batch of findingsJsonSql rows handed to `map` as it is: the lint job stores their wire JSON as it comes. */
export function streamLintRows<T>(request: LintRequest, batchSize: number, map: (rows: FindingJsonRow[]) => T[]): StreamedLint<T> {
  const now = new Date();
  const head: LintHead = { checked_at: formatInstant(now), scope: request.scope, checks_run: request.checks, fact_count: 0 };
  const snapshot: LintSnapshot = { revision: '' };
  const groups = LINT_QUERY_GROUPS.map((group) => group.filter((check) => request.checks.includes(check))).filter((group) => group.length);
  const batches = readMergedCursors<FindingJsonRow, T>(groups.map((checks) => findingsJsonSql(request, now, checks)), {
    batchSize,
    block: (row) => row.block,
    floors: groups.map(firstBlockOf),
    // Only background work streams a whole lint (the lint job, a health run): no request waits on it.
    timeoutMs: BACKGROUND_READ_TIMEOUT_MS,
    map: (_tx, rows) => map(rows),
    beside: async (tx) => {
      head.fact_count = await countFacts(tx, request);
      snapshot.revision = await scopeRevision(tx, request.scope);
    },
  });
  return { head, snapshot, batches };
}
