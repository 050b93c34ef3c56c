import { Prisma } from '../generated/prisma/client';
import type { FactValue } from '../facts/fact-value';
import { formatHlc } from '../facts/hlc';
import type { SynthesisEntry } from './synthesis-request';

// §16.2 as one set-based statement over value heads: per (entity, relation) of the scope, the
// winner by §3.3 (higher confidence, then higher HLC); when an unresolved conflict with both sides
// still live exists, contradicted with the strongest other live value as alt_value. The system
// namespace (stigmem:, the node's conflict bookkeeping) is not part of a synthesis.

export interface SynthesisOptions {
  scope: string;
  entity?: string | null;
  includeExpired: boolean;
  now: Date;
  /** Only (entity, relation) pairs in (after, upTo]: one page, computed without touching the rest. */
  range?: { after: [string, string] | null; upTo: [string, string] };
}

const rangeFilter = (alias: string, range: SynthesisOptions['range']) => {
  if (!range) return Prisma.empty;
  const a = Prisma.raw(alias);
  const lower = range.after ? Prisma.sql`AND (${a}.entity, ${a}.relation) > (${range.after[0]}, ${range.after[1]})` : Prisma.empty;
  return Prisma.sql`${lower} AND (${a}.entity, ${a}.relation) <= (${range.upTo[0]}, ${range.upTo[1]})`;
};

const live = (alias: string, now: Date) =>
  Prisma.sql`(${Prisma.raw(alias)}.confidence > 0 AND (${Prisma.raw(alias)}.valid_until IS NULL OR ${Prisma.raw(alias)}.valid_until >= ${now}))`;

/** CTEs cand, ranked, winners, alts, open_conflicts, entries (one row per triple). */
export function synthesisCtes(o: SynthesisOptions): Prisma.Sql {
  const entityFilter = (alias: string) => (o.entity ? Prisma.sql`AND ${Prisma.raw(alias)}.entity = ${o.entity}` : Prisma.empty);
  return Prisma.sql`
    WITH cand AS (
      SELECT vh.entity, vh.relation, vh.value, vh.value_hash, vh.confidence, vh.head_hlc_wall, vh.head_hlc_counter, vh.head_fact_id,
             vh.head_timestamp, vh.valid_until, ${live('vh', o.now)} AS live
      FROM value_heads vh
      WHERE vh.scope = ${o.scope} AND vh.relation NOT LIKE 'stigmem:%' ${entityFilter('vh')} ${rangeFilter('vh', o.range)}
        ${o.includeExpired ? Prisma.empty : Prisma.sql`AND ${live('vh', o.now)}`}
    ),
    ranked AS (
      SELECT cand.*,
        row_number() OVER (PARTITION BY entity, relation ORDER BY confidence DESC, head_hlc_wall DESC, head_hlc_counter DESC, value_hash) AS rn,
        row_number() OVER (PARTITION BY entity, relation, live ORDER BY confidence DESC, head_hlc_wall DESC, head_hlc_counter DESC, value_hash) AS live_rn
      FROM cand
    ),
    open_conflicts AS (
      SELECT c.entity, c.relation, min(c.id) AS conflict_id
      FROM conflicts c
      JOIN value_heads va ON va.entity = c.entity AND va.relation = c.relation AND va.scope = c.scope AND va.value_hash = c.value_a_hash
      JOIN value_heads vb ON vb.entity = c.entity AND vb.relation = c.relation AND vb.scope = c.scope AND vb.value_hash = c.value_b_hash
      WHERE c.scope = ${o.scope} AND c.status = 'unresolved' AND ${live('va', o.now)} AND ${live('vb', o.now)} ${entityFilter('c')} ${rangeFilter('c', o.range)}
      GROUP BY c.entity, c.relation
    ),
    entries AS (
      SELECT w.entity, w.relation, w.value, w.value_hash, w.confidence, w.head_hlc_wall, w.head_hlc_counter, w.head_fact_id,
             w.head_timestamp, w.valid_until, w.live, oc.conflict_id, a.value AS alt_value, a.confidence AS alt_confidence, a.head_fact_id AS alt_fact_id
      FROM ranked w
      LEFT JOIN open_conflicts oc ON oc.entity = w.entity AND oc.relation = w.relation
      LEFT JOIN ranked a ON oc.conflict_id IS NOT NULL AND a.entity = w.entity AND a.relation = w.relation AND a.live
        AND a.live_rn = CASE WHEN w.live THEN 2 ELSE 1 END
      WHERE w.rn = 1
    )`;
}

export interface EntryRow {
  entity: string;
  relation: string;
  value: FactValue;
  value_hash: string;
  head_timestamp: Date;
  valid_until: Date | null;
  live: boolean;
  confidence: number;
  head_hlc_wall: bigint;
  head_hlc_counter: number;
  head_fact_id: string;
  conflict_id: string | null;
  alt_value: FactValue | null;
  alt_confidence: number | null;
  alt_fact_id: string | null;
}

export function toEntry(row: EntryRow, scope: string): SynthesisEntry {
  const entry: SynthesisEntry = {
    entity: row.entity,
    relation: row.relation,
    scope,
    value: row.value,
    confidence: Number(row.confidence),
    hlc: formatHlc({ wall: Number(row.head_hlc_wall), counter: Number(row.head_hlc_counter) }),
    contradicted: row.conflict_id !== null,
    fact_id: row.head_fact_id,
  };
  if (row.conflict_id) {
    entry.conflict_id = row.conflict_id;
    if (row.alt_value) {
      entry.alt_value = row.alt_value;
      entry.alt_confidence = Number(row.alt_confidence);
      entry.alt_fact_id = row.alt_fact_id!;
    }
  }
  return entry;
}

/** Order (entity, relation) in the database's collation, the order of the primary-key index pages walk. */
export const ENTRY_ORDER = Prisma.sql`ORDER BY entity, relation`;

/**
 * The next page's key range: walks the value_heads primary key from `after` for `pairs` distinct
 * (entity, relation) pairs of the synthesis. Returns the last pair of the page (null when none
 * remain) and whether more follow.
 */
export function nextPairsSql(o: SynthesisOptions, after: [string, string] | null, pairs: number): Prisma.Sql {
  return Prisma.sql`
    SELECT DISTINCT vh.entity, vh.relation FROM value_heads vh
    WHERE vh.scope = ${o.scope} AND vh.relation NOT LIKE 'stigmem:%'
      ${o.entity ? Prisma.sql`AND vh.entity = ${o.entity}` : Prisma.empty}
      ${after ? Prisma.sql`AND (vh.entity, vh.relation) > (${after[0]}, ${after[1]})` : Prisma.empty}
      ${o.includeExpired ? Prisma.empty : Prisma.sql`AND ${live('vh', o.now)}`}
    ORDER BY vh.entity, vh.relation LIMIT ${pairs + 1}`;
}
