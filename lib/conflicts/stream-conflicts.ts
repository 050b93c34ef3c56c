import { readCursor } from '../db/read-cursor';
import { type ConflictRecord, type ConflictRow, toConflictRecords } from './conflict-record';
import { type ConflictQuery, reviewQueueSql } from './list-conflicts';
import type { ReviewColumns } from './review-sql';

/** Conflicts per FETCH (each batch then loads its sides' facts in one statement). */
export const CONFLICTS_BATCH = 500;

/**
 * Every conflict of a queue query in its order (the queue export), in batches read through a cursor
 * (lib/db/read-cursor.ts): one pass and one snapshot, however long the queue. Keyset pages would
 * compute the review columns of every conflict again for each page.
 */
export async function* streamConflicts(query: Omit<ConflictQuery, 'cursor' | 'limit'>, batchSize = CONFLICTS_BATCH): AsyncGenerator<ConflictRecord[]> {
  if (!query.scopes.length) return;
  yield* readCursor<ConflictRow & ReviewColumns, ConflictRecord>(reviewQueueSql(query), { batchSize, map: (tx, rows) => toConflictRecords(tx, rows) });
}
