import { readCursor } from '../db/read-cursor';
import { type ContradictionRecord, type ContradictionReviewRow, toContradictionRecords } from './contradiction-record';
import { type ConflictQuery, contradictionQueueSql } from './list-conflicts';

/** Contradictions per FETCH (each batch then loads its values' facts in one statement). */
export const CONFLICTS_BATCH = 500;

/**
 * Every contradiction of a queue query in its order (the queue export), in batches read through a
 * cursor (lib/db/read-cursor.ts): one pass and one snapshot, however long the queue. Keyset pages
 * would compute the review columns of every contradiction again for each page.
 */
export async function* streamContradictions(query: Omit<ConflictQuery, 'cursor' | 'limit'>, batchSize = CONFLICTS_BATCH): AsyncGenerator<ContradictionRecord[]> {
  if (!query.scopes.length) return;
  yield* readCursor<ContradictionReviewRow, ContradictionRecord>(contradictionQueueSql(query), { batchSize, map: (tx, rows) => toContradictionRecords(tx, rows) });
}
