import { Prisma } from '../generated/prisma/client';
import { readCursor } from '../db/read-cursor';
import { BACKGROUND_READ_TIMEOUT_MS } from '../db/read-only';
import type { FindingRow } from './finding-sql';
import { filteredFindingsSql, findingsOrderSql, type FindingsPageQuery } from './findings-page';
import type { LintFinding, LintRequest, LintResult } from './lint-request';
import { countFacts, findingsJsonSql, parseFindingRow, toFinding } from './run-lint';
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
 * A lint as runLint answers it, its findings in batches in FINDING_ORDER through a cursor: one
 * READ ONLY snapshot, one lint query, each batch converted with toFinding as it is fetched. The
 * facts are counted after the last row, in the same snapshot (REPEATABLE READ), into head.fact_count,
 * and the scope's revision read into snapshot.revision.
 */
export function streamLint(request: LintRequest, batchSize = FINDINGS_BATCH): { head: LintHead; snapshot: LintSnapshot; batches: AsyncGenerator<LintFinding[]> } {
  const now = new Date();
  const head: LintHead = { checked_at: formatInstant(now), scope: request.scope, checks_run: request.checks, fact_count: 0 };
  const snapshot: LintSnapshot = { revision: '' };
  const batches = readCursor<{ j: string }, LintFinding>(findingsJsonSql(request, now, request.checks), {
    batchSize,
    // Only background work streams a whole lint (the lint job, a health run): no request waits on it.
    timeoutMs: BACKGROUND_READ_TIMEOUT_MS,
    map: (_tx, rows) => rows.map((row) => toFinding(parseFindingRow(row.j), request.scope)),
    finish: async (tx) => {
      head.fact_count = await countFacts(tx, request);
      snapshot.revision = await scopeRevision(tx, request.scope);
      return [];
    },
  });
  return { head, snapshot, batches };
}
