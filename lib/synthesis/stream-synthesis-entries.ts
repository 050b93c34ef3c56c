import { Prisma } from '../generated/prisma/client';
import { readCursor } from '../db/read-cursor';
import type { SynthesisEntry, SynthesisRequest } from './synthesis-request';
import { ENTRY_ORDER, type EntryRow, synthesisCtes, toEntry } from './synthesis-sql';
import { optionsOf } from './synthesize';

/** Entries per FETCH. */
export const ENTRIES_BATCH = 1000;

/**
 * Every synthesis entry of a scope at or above min_confidence, in (entity, relation) order (the
 * synthesis export), in batches read through a cursor (lib/db/read-cursor.ts): one pass over the
 * scope. Dashboard pages (synthesizePage) count the totals on each page, which an export of every
 * page would repeat once per page.
 */
export function streamSynthesisEntries(
  request: Pick<SynthesisRequest, 'scope' | 'entity' | 'include_expired' | 'min_confidence'> & { contradicted_only?: boolean },
  batchSize = ENTRIES_BATCH,
): AsyncGenerator<SynthesisEntry[]> {
  const contradictedOnly = request.contradicted_only ?? false;
  const options = { ...optionsOf(request, new Date()), contradictedOnly };
  const sql = Prisma.sql`${synthesisCtes(options)} SELECT * FROM entries WHERE confidence >= ${request.min_confidence} ${contradictedOnly ? Prisma.sql`AND conflict_id IS NOT NULL` : Prisma.empty} ${ENTRY_ORDER}`;
  return readCursor<EntryRow, SynthesisEntry>(sql, { batchSize, map: (_tx, rows) => rows.map((row) => toEntry(row, request.scope)) });
}
