import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import { HLC_COUNTERS_PER_MS } from '../time/hlc';
import { DECAY_SOURCE } from '../facts/system-sources';
import { reserveHlcs } from '../facts/issue-hlcs';
import { settleTriples } from '../facts/settle-triples';
import { candidatesSql, type HeadRange, headRangeSql, type RelationPlan, type SweepFilter } from './plan-sweep';

// Writes one chunk of a decay sweep in ONE statement (§15.3: set-based, never a fact per round
// trip): the decay facts and the value heads they become, from the same candidate rows; then the
// contradiction rules act on the values it left not live (lib/facts/settle-triples.ts). It keeps the write path's semantics for these facts, which are
// narrow — each re-asserts a live value of its own triple at a lower confidence (0 = retraction):
//   - the new fact has the newest HLC, so it becomes the value's head; the value's base (its latest
//     non-decay assertion) and first assertion do not move, and no triple-wide retraction is newer;
//   - a value that is not live afterwards (retracted, or already expired) leaves its triple's open
//     contradiction as any write's would: its conflict closes, basis "retracted", with the usual
//     stigmem:conflict:status fact (the statement returns only those values, few of the chunk);
//   - a decay step opens no conflict: it brings no new value and no new evidence (docs/decisions.md).
// The caller holds the scope's lock whole (lockScopes); the chunk's HLCs count up from a run reserved
// for as many facts as the chunk may write (its head range holds at most `maxFacts` heads).

export interface ChunkResult {
  retracted: number;
  reduced: number;
  closed: number;
}

interface ChunkRow {
  retracted: bigint;
  reduced: bigint;
  inserted: bigint;
  last_tick: bigint | null;
  heads: bigint;
  left_open: { entity: string; relation: string; value_hash: string; new_id: string }[];
}

export async function writeDecayChunk(tx: Tx, plan: RelationPlan[], filter: SweepFilter, now: Date, range: HeadRange, maxFacts: number): Promise<ChunkResult> {
  const first = (await reserveHlcs(tx, maxFacts)).take();
  const wall = String(first.wall);
  const PER_MS = Prisma.raw(String(HLC_COUNTERS_PER_MS));
  const [row] = await tx.$queryRaw<ChunkRow[]>(Prisma.sql`
    WITH numbered AS (
      SELECT c.*, gen_random_uuid()::text AS new_id,
        -- Numbered in scan order: the facts of one chunk need distinct HLCs, not an order among them
        -- (sorting the chunk by key only to number it cost a tenth of the sweep).
        ${first.counter}::bigint + row_number() OVER () - 1 AS tick,
        CASE WHEN c.action = 'retract' THEN 0::float8 ELSE c.target END AS new_confidence
      FROM (${candidatesSql(plan, filter, now, true, range)}) c
    ),
    n AS (
      -- Each fact's HLC counts up from the first, carrying into the wall every 1,000 as the clock
      -- does, so counters keep their three digits; its timestamp is its HLC wall, as in the write path.
      SELECT numbered.*, ${wall}::bigint + tick / ${PER_MS} AS hlc_wall, (tick % ${PER_MS})::int AS hlc_counter,
        to_timestamp((${wall}::bigint + tick / ${PER_MS}) / 1000.0) AS written_at
      FROM numbered
    ),
    ins AS (
      INSERT INTO facts (id, entity, relation, scope, value, value_type, value_hash, ref_target, source, timestamp, hlc_wall, hlc_counter, valid_until, confidence, retracts_triple)
      SELECT new_id, entity, relation, ${filter.scope}, value, value_type, value_hash, ref_target, ${DECAY_SOURCE}, written_at,
        hlc_wall, hlc_counter, valid_until, new_confidence, false
      FROM n
      RETURNING 1
    ),
    heads AS (
      UPDATE value_heads vh SET head_fact_id = n.new_id, head_hlc_wall = n.hlc_wall, head_hlc_counter = n.hlc_counter,
        head_confidence = n.new_confidence, head_source = ${DECAY_SOURCE}, head_timestamp = n.written_at,
        confidence = n.new_confidence, triple_retracted = false
      FROM n
      WHERE vh.entity = n.entity AND vh.relation = n.relation AND vh.scope = ${filter.scope} AND vh.value_hash = n.value_hash
        ${headRangeSql(filter.scope, range)}
      RETURNING 1
    ),
    left_open AS (
      -- Values the chunk left not live in a triple with an open contradiction.
      SELECT n.entity, n.relation, n.value_hash, n.new_id FROM n
      WHERE (n.new_confidence = 0 OR n.valid_until < ${now})
        AND EXISTS (SELECT 1 FROM contradictions x WHERE x.entity = n.entity AND x.relation = n.relation AND x.scope = ${filter.scope} AND x.status = 'open')
    )
    SELECT (SELECT count(*) FROM n WHERE action = 'retract') AS retracted, (SELECT count(*) FROM n WHERE action = 'reduce') AS reduced,
      (SELECT max(tick) FROM n) AS last_tick,
      (SELECT count(*) FROM ins) AS inserted, (SELECT count(*) FROM heads) AS heads,
      (SELECT coalesce(json_agg(left_open), '[]'::json) FROM left_open) AS left_open`);
  const written = Number(row.inserted);
  if (written !== Number(row.heads) || written !== Number(row.retracted) + Number(row.reduced)) {
    throw new Error(`decay chunk wrote ${written} facts but moved ${row.heads} value heads`);
  }
  // Past its run, a fact's HLC could be one another writer was issued.
  if (row.last_tick !== null && Number(row.last_tick) - first.counter >= maxFacts) throw new Error(`decay chunk wrote ${written} facts, past the ${maxFacts} HLCs reserved for it`);
  const leaverOf = (factId: string) => ({ source: DECAY_SOURCE, factId });
  const settled = await settleTriples(
    tx,
    row.left_open.map((v) => ({ entity: v.entity, relation: v.relation, scope: filter.scope, left: [{ hash: v.value_hash, leaver: leaverOf(v.new_id) }] })),
    now,
  );
  const closed = settled.closed;
  return { retracted: Number(row.retracted), reduced: Number(row.reduced), closed: closed.length };
}
