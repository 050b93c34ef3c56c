import { Prisma } from '../generated/prisma/client';
import type { FactValue } from '../facts/fact-value';
import { formatHlc } from '../time/hlc';
import type { SynthesisEntry } from './synthesis-request';
import { contradictedSql, oldestConflictSql, tripleContradictedSql } from '../facts/contradiction-sql';

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
  /**
   * Only the contradicted triples' values (contradicted_only): the entries of one page or one
   * export; never set for the totals, which count the whole scope.
   */
  contradictedOnly?: boolean;
}

const rangeFilter = (alias: string, range: SynthesisOptions['range']) => {
  if (!range) return Prisma.empty;
  const a = Prisma.raw(alias);
  const lower = range.after ? Prisma.sql`AND (${a}.entity, ${a}.relation) > (${range.after[0]}, ${range.after[1]})` : Prisma.empty;
  return Prisma.sql`${lower} AND (${a}.entity, ${a}.relation) <= (${range.upTo[0]}, ${range.upTo[1]})`;
};

const live = (alias: string, now: Date) =>
  Prisma.sql`(${Prisma.raw(alias)}.confidence > 0 AND (${Prisma.raw(alias)}.valid_until IS NULL OR ${Prisma.raw(alias)}.valid_until >= ${now}))`;

const entityFilterOf = (o: SynthesisOptions) => (alias: string) => (o.entity ? Prisma.sql`AND ${Prisma.raw(alias)}.entity = ${o.entity}` : Prisma.empty);

/** CTE open_conflicts: each contradicted (entity, relation) of the scope, and its contradiction's oldest unresolved conflict. */
export function openConflictsCte(o: SynthesisOptions): Prisma.Sql {
  return Prisma.sql`
    open_conflicts AS (
      SELECT x.entity, x.relation, ${oldestConflictSql('x')} AS conflict_id
      FROM contradictions x
      WHERE x.scope = ${o.scope} AND ${contradictedSql('x', o.now)} ${entityFilterOf(o)('x')} ${rangeFilter('x', o.range)}
    )`;
}

/** The scope's candidate values as synthesis reads them (FROM and WHERE, under `alias`): no system relations; only live ones unless includeExpired. */
export function candidatesSql(o: SynthesisOptions, alias: string): Prisma.Sql {
  const a = Prisma.raw(alias);
  return Prisma.sql`value_heads ${a}
      WHERE ${a}.scope = ${o.scope} AND ${a}.relation NOT LIKE 'stigmem:%' ${entityFilterOf(o)(alias)} ${rangeFilter(alias, o.range)}
        ${o.includeExpired ? Prisma.empty : Prisma.sql`AND ${live(alias, o.now)}`}
        ${o.contradictedOnly ? Prisma.sql`AND ${tripleContradictedSql(alias, o.now)}` : Prisma.empty}`;
}

/** Whether a value head (under `alias`) is live at `now`. */
export const liveSql = live;

/** CTEs cand, winners, open_conflicts, entries (one row per triple). */
export function synthesisCtes(o: SynthesisOptions): Prisma.Sql {
  // One sort of the scope's candidate values picks each triple's winner (DISTINCT ON); only the
  // few contradicted triples then look up their alternative, by index.
  return Prisma.sql`
    WITH cand AS (
      SELECT vh.entity, vh.relation, vh.value, vh.value_hash, vh.confidence, vh.head_hlc_wall, vh.head_hlc_counter, vh.head_fact_id,
             vh.head_timestamp, vh.valid_until, ${live('vh', o.now)} AS live
      FROM ${candidatesSql(o, 'vh')}
    ),
    winners AS (
      SELECT DISTINCT ON (entity, relation) * FROM cand
      ORDER BY entity, relation, confidence DESC, head_hlc_wall DESC, head_hlc_counter DESC, value_hash
    ),
    ${openConflictsCte(o)},
    entries AS (
      SELECT e.entity, e.relation, e.value, e.value_hash, e.confidence, e.head_hlc_wall, e.head_hlc_counter, e.head_fact_id,
             e.head_timestamp, e.valid_until, e.live, e.conflict_id,
             e.alt -> 0 AS alt_value, (e.alt ->> 1)::float8 AS alt_confidence, e.alt ->> 2 AS alt_fact_id
      FROM (
        SELECT w.*, oc.conflict_id,
          -- The alternative: the strongest live value other than the winner, by the same order.
          -- A scalar subquery inside CASE runs only for the few contradicted triples.
          CASE WHEN oc.conflict_id IS NOT NULL THEN (
            SELECT jsonb_build_array(alt.value, alt.confidence, alt.head_fact_id) FROM value_heads alt
            WHERE alt.scope = ${o.scope} AND alt.entity = w.entity AND alt.relation = w.relation
              AND alt.value_hash <> w.value_hash AND ${live('alt', o.now)}
            ORDER BY alt.confidence DESC, alt.head_hlc_wall DESC, alt.head_hlc_counter DESC, alt.value_hash
            LIMIT 1)
          END AS alt
        FROM winners w
        LEFT JOIN open_conflicts oc ON oc.entity = w.entity AND oc.relation = w.relation
      ) e
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

/** HLC text as formatHlc writes it (13-digit wall, counter of at least 3 digits), in SQL. */
export const hlcTextSql = (wall: string, counter: string) =>
  Prisma.raw(`lpad(${wall}::text, greatest(13, length(${wall}::text)), '0') || '.' || lpad(${counter}::text, greatest(3, length(${counter}::text)), '0')`);

/**
 * The SynthesisEntry of an `entries` row as compact JSON text, built by the database with the keys
 * in toEntry's order, so a large synthesis streams without decoding every column in JavaScript.
 * (json_build_object would pad every key with spaces; values keep jsonb's own text form.)
 */
export function entryJsonSql(scope: string): Prisma.Sql {
  // Strings go through to_json (escaping); a float8's text is already its JSON (finite, shortest form).
  return Prisma.sql`('{"entity":' || to_json(entity)::text || ',"relation":' || to_json(relation)::text
    || ${`,"scope":${JSON.stringify(scope)},"value":`}::text || value::text || ',"confidence":' || confidence::text
    || ',"hlc":"' || ${hlcTextSql('head_hlc_wall', 'head_hlc_counter')} || '","contradicted":' || (conflict_id IS NOT NULL)::text
    || ',"fact_id":' || to_json(head_fact_id)::text
    || CASE WHEN conflict_id IS NULL THEN '' ELSE ',"conflict_id":' || to_json(conflict_id)::text
         || CASE WHEN alt_value IS NULL THEN '' ELSE ',"alt_value":' || alt_value::text || ',"alt_confidence":' || alt_confidence::text
              || ',"alt_fact_id":' || to_json(alt_fact_id)::text END END
    || '}')`;
}

/** Order (entity, relation) in the database's collation, the order of the primary-key index pages walk. */
export const ENTRY_ORDER = Prisma.sql`ORDER BY entity, relation`;

/**
 * The next page's key range: walks the value_heads primary key from `after` for `pairs` distinct
 * (entity, relation) pairs of the synthesis. Returns the last pair of the page (null when none
 * remain) and whether more follow.
 */
export function nextPairsSql(o: SynthesisOptions, after: [string, string] | null, pairs: number): Prisma.Sql {
  // Only contradicted: the walk goes over the scope's open contradictions, not its every value.
  if (o.contradictedOnly) {
    return Prisma.sql`
    SELECT DISTINCT x.entity, x.relation FROM contradictions x
    WHERE x.scope = ${o.scope} AND x.relation NOT LIKE 'stigmem:%' AND ${contradictedSql('x', o.now)}
      ${o.entity ? Prisma.sql`AND x.entity = ${o.entity}` : Prisma.empty}
      ${after ? Prisma.sql`AND (x.entity, x.relation) > (${after[0]}, ${after[1]})` : Prisma.empty}
    ORDER BY x.entity, x.relation LIMIT ${pairs + 1}`;
  }
  return Prisma.sql`
    SELECT DISTINCT vh.entity, vh.relation FROM value_heads vh
    WHERE vh.scope = ${o.scope} AND vh.relation NOT LIKE 'stigmem:%'
      ${o.entity ? Prisma.sql`AND vh.entity = ${o.entity}` : Prisma.empty}
      ${after ? Prisma.sql`AND (vh.entity, vh.relation) > (${after[0]}, ${after[1]})` : Prisma.empty}
      ${o.includeExpired ? Prisma.empty : Prisma.sql`AND ${live('vh', o.now)}`}
    ORDER BY vh.entity, vh.relation LIMIT ${pairs + 1}`;
}
