import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { Tx } from '../db/prisma';
import { formatInstant } from '../time/instant';
import { type EntryRow, synthesisCtes } from '../synthesis/synthesis-sql';
import { renderCardSummary } from './render-card-summary';

// A memory card (the reference node's GET /v1/cards/{entity_uri}): the entity's live values in one
// scope — the synthesis winners, one per relation — as a short text an agent can be handed whole
// (render-card-summary.ts).
// Built on every request from value heads, so it is never stale: `refresh=true` changes nothing
// and `is_stale` is always false.

export interface MemoryCard {
  entity_uri: string;
  scope: string;
  summary: string;
  /** The ids of the facts the card was built from (this node has no content hashes; ids name facts). */
  fact_hashes: string[];
  avg_confidence: number;
  refreshed_at: string;
  is_stale: boolean;
  has_contradictions: boolean;
}

/** The card, or null when the entity has no live value in the scope (the route answers 404). */
/** `db` and `now`: a time-travel transaction and its instant (lib/time-travel/at-instant.ts); else a read now. */
export async function getCard(entity: string, scope: string, db?: Tx, now = new Date()): Promise<MemoryCard | null> {
  const read = (tx: Tx) =>
    tx.$queryRaw<EntryRow[]>(Prisma.sql`
      ${synthesisCtes({ scope, entity, includeExpired: false, now })}
      SELECT * FROM entries ORDER BY relation`);
  const rows = await (db ? read(db) : readOnly(read));
  if (!rows.length) return null;
  const summary = renderCardSummary(
    entity,
    rows.map((row) => ({ relation: row.relation, value: row.value, confidence: Number(row.confidence), contradicted: row.conflict_id !== null })),
  );
  const confidences = rows.map((row) => Number(row.confidence));
  return {
    entity_uri: entity,
    scope,
    summary,
    fact_hashes: rows.map((row) => row.head_fact_id),
    avg_confidence: Math.round((confidences.reduce((a, b) => a + b, 0) / confidences.length) * 10_000) / 10_000,
    refreshed_at: formatInstant(now),
    is_stale: false,
    has_contradictions: rows.some((row) => row.conflict_id !== null),
  };
}
