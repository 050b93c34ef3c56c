import { Prisma } from '../generated/prisma/client';
import { readCursor } from '../db/read-cursor';
import type { FindingRow } from './finding-sql';
import { filteredFindingsSql, findingsOrderSql, type FindingsPageQuery } from './findings-page';
import type { LintFinding } from './lint-request';
import { toFinding } from './run-lint';

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
