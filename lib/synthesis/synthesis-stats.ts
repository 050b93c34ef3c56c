import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import { ScopeCache } from '../facts/scope-cache';
import { unchangedSince } from '../facts/scope-revision';
import type { FactScope } from '../facts/scope';
import { BACKGROUND_READ_TIMEOUT_MS, readOnly } from '../db/read-only';
import { asyncThreshold } from '../jobs/jobs';
import { factCountUpTo } from '../lint/scope-size';
import { formatInstant } from '../time/instant';
import { loadStoredStats, storeStats } from './stored-stats';
import { candidatesSql, liveSql, openConflictsCte, type SynthesisOptions } from './synthesis-sql';
import { logger } from '../observability/logger';
import { withSpan } from '../observability/tracing';

// What the synthesis page shows of a whole scope besides one page of entries: its totals (entries,
// live facts, contradicted, hidden below the minimum confidence) and the confidence distribution.
// One aggregate counts the entries per hundredth of confidence, from which the totals at any
// minimum in whole hundredths (the page's slider moves in steps of 0.05) and the chart's tenths
// follow exactly; so the scope is read once, not once for the chart and again for each minimum.
// A whole scope's live statistics are maintained by the write path (maintainedSynthesisStats; the
// settler and reconciler are in synthesis-state.ts); an entity's, or with expired values, are
// counted (countSynthesisStats) and kept per scope revision (lib/facts/scope-cache.ts).

export const CENTILES = 101;

export interface SynthesisStats {
  /** Live values of the scope (the totals' fact_count). */
  fact_count: number;
  /** Index k: entries whose confidence c has k/100 ≤ c < (k+1)/100, compared as the database compares confidence with a minimum; 100: c = 1. */
  entries: number[];
  /** Of those, the contradicted ones. */
  contradicted: number[];
}

/**
 * The statistics in one aggregate. An entry's confidence is its winner's, the triple's highest (the
 * winner wins on confidence first), so the triples are grouped, not sorted for their winners as
 * the entries themselves are: 1.7 s instead of 2.7 s at 1M facts.
 */
export function countSynthesisStats(tx: Tx, options: SynthesisOptions): Promise<SynthesisStats> {
  return withSpan('stigmem.synthesis.stats', { 'stigmem.scope': options.scope }, () => countStats(tx, options));
}

async function countStats(tx: Tx, options: SynthesisOptions): Promise<SynthesisStats> {
  const rows = await tx.$queryRaw<{ fact_count: bigint; k: number | null; entries: bigint; contradicted: bigint }[]>(Prisma.sql`
    WITH triples AS (
      SELECT vh.entity, vh.relation, max(vh.confidence) AS confidence, count(*) FILTER (WHERE ${liveSql('vh', options.now)}) AS live
      FROM ${candidatesSql(options, 'vh')}
      GROUP BY vh.entity, vh.relation
    ),
    ${openConflictsCte(options)},
    by_centile AS (
      SELECT stigmem_confidence_centile(t.confidence) AS k, count(*) AS entries, count(oc.conflict_id) AS contradicted
      FROM triples t LEFT JOIN open_conflicts oc ON oc.entity = t.entity AND oc.relation = t.relation
      GROUP BY 1
    )
    SELECT (SELECT coalesce(sum(live), 0) FROM triples) AS fact_count, b.k, coalesce(b.entries, 0) AS entries, coalesce(b.contradicted, 0) AS contradicted
    FROM (SELECT 1) one LEFT JOIN by_centile b ON true`);
  const stats: SynthesisStats = { fact_count: Number(rows[0]?.fact_count ?? 0), entries: Array(CENTILES).fill(0), contradicted: Array(CENTILES).fill(0) };
  for (const row of rows) {
    if (row.k === null) continue;
    const k = Math.min(CENTILES - 1, Math.max(0, row.k));
    stats.entries[k] += Number(row.entries);
    stats.contradicted[k] += Number(row.contradicted);
  }
  return stats;
}

/** Rows per (centile, contradicted): the stored changes, less the unsettled triples' stored part, plus their part counted at `now`. */
function maintainedSql(scope: string, now: Date): Prisma.Sql {
  return Prisma.sql`
    WITH unsettled AS MATERIALIZED (
      -- The literal bounds are the partial indexes' predicates.
      SELECT st.* FROM synthesis_triples st WHERE st.scope = ${scope} AND st.valid_through < 'infinity' AND st.valid_through < ${now}
      UNION ALL
      SELECT st.* FROM synthesis_triples st WHERE st.scope = ${scope} AND st.valid_after > '-infinity' AND st.valid_after >= ${now}
    ),
    fresh AS (
      SELECT f.* FROM (SELECT array_agg(u.scope) AS s, array_agg(u.entity) AS e, array_agg(u.relation) AS r FROM unsettled u) a
      CROSS JOIN LATERAL stigmem_synthesis_state(a.s, a.e, a.r, ${now}) f
    )
    SELECT d.centile, d.contradicted, sum(d.entries)::bigint AS entries, sum(d.facts)::bigint AS facts
    FROM (
      SELECT c.centile::int AS centile, c.contradicted, c.entries, c.facts FROM synthesis_counts c WHERE c.scope = ${scope}
      UNION ALL
      SELECT u.centile::int, u.contradicted, -1, -u.live_count FROM unsettled u WHERE u.centile IS NOT NULL
      UNION ALL
      SELECT f.centile, f.contradicted, 1, f.live_count FROM fresh f WHERE f.centile IS NOT NULL
    ) d
    GROUP BY d.centile, d.contradicted`;
}

/** The synthesis statistics of the whole `scope` (no entity, live values only) at `now`, read in `tx`'s snapshot from the maintained state. */
export async function maintainedSynthesisStats(tx: Tx, scope: string, now: Date): Promise<SynthesisStats> {
  const rows = await tx.$queryRaw<{ centile: number; contradicted: boolean; entries: bigint; facts: bigint }[]>(maintainedSql(scope, now));
  const stats: SynthesisStats = { fact_count: 0, entries: Array(CENTILES).fill(0), contradicted: Array(CENTILES).fill(0) };
  for (const row of rows) {
    stats.fact_count += Number(row.facts);
    stats.entries[row.centile] += Number(row.entries);
    if (row.contradicted) stats.contradicted[row.centile] += Number(row.entries);
  }
  return stats;
}

const cache = new ScopeCache<SynthesisStats>();

/** How often the cache answered and how often it counted (the tests read it). */
export const synthesisStatsCacheStats = cache.stats;

/** Whether `options` ask for what the write path maintains: a whole scope's live values. */
const maintained = (options: Pick<SynthesisOptions, 'entity' | 'includeExpired'>) => !options.entity && !options.includeExpired;

/**
 * The scope's synthesis statistics in `tx`'s snapshot at `options.now`: a whole scope's live values
 * from the maintained state; an entity's, or with expired values, counted once per change of the scope.
 */
export function synthesisStats(tx: Tx, options: SynthesisOptions): Promise<SynthesisStats> {
  if (maintained(options)) return maintainedSynthesisStats(tx, options.scope, options.now);
  return cache.get(tx, keyOf(options), options.scope, options.now, () => countSynthesisStats(tx, options));
}

const keyOf = (options: SynthesisOptions) => JSON.stringify([options.scope, options.entity ?? null, options.includeExpired]);

/** The statistics as the synthesis page shows them, and whether they are the scope's as of now. */
export interface StatsReading {
  stats: SynthesisStats;
  /** When they were counted. */
  counted_at: string;
  /** False: the scope changed since (a write, a value expiring); a recount is under way. */
  current: boolean;
}

/**
 * The synthesis page's statistics. A whole scope's live ones are read from the maintained state, as
 * of now. Otherwise (an entity, expired values included) a scope above STIGMEM_ASYNC_THRESHOLD facts whose last count no
 * longer holds shows that count, with its time, while a recount runs in the background (half a
 * minute at 10M facts): the page is there at once and says how old its numbers are, as the health
 * overview does with a large scope's latest health run. Otherwise they are counted now, or reused
 * while the scope is unchanged. The last count is also kept in the database (stored-stats.ts), so a
 * restart or another instance starts from it instead of from nothing.
 */
export async function pageSynthesisStats(request: Pick<SynthesisOptions, 'scope' | 'entity' | 'includeExpired'>): Promise<StatsReading> {
  const options: SynthesisOptions = { ...request, now: new Date() };
  if (maintained(options)) {
    return { stats: await readOnly((tx) => maintainedSynthesisStats(tx, options.scope, options.now)), counted_at: formatInstant(options.now), current: true };
  }
  const key = keyOf(options);
  const known = await newestKnown(key);
  if (known && (await factCountUpTo(options.scope as FactScope, asyncThreshold())) === null) {
    const current = await readOnly((tx) => unchangedSince(tx, options.scope, known.seen, options.now));
    if (!current && !cache.computing(key)) {
      readOnly((tx) => synthesisStats(tx, { ...options, now: new Date() }), { timeoutMs: BACKGROUND_READ_TIMEOUT_MS })
        .then(() => keep(key, options.scope))
        .catch((error: unknown) => logger().error({ err: error, scope: options.scope }, 'recounting the synthesis statistics failed'));
    }
    return { stats: known.value, counted_at: formatInstant(known.seen.at), current };
  }
  // Counted now, or the known count reused while the scope is unchanged (the cache holds it).
  const stats = await readOnly((tx) => synthesisStats(tx, options));
  await keep(key, options.scope);
  return { stats, counted_at: formatInstant(cache.last(key)?.seen.at ?? options.now), current: true };
}

/** The newest count of `key` this process has or the database holds (another instance's, or one from before a restart). */
async function newestKnown(key: string) {
  const stored = await loadStoredStats(key);
  if (stored) {
    storedAt.set(key, Math.max(storedAt.get(key) ?? 0, stored.seen.at.getTime()));
    cache.remember(key, stored.seen, stored.value);
  }
  return cache.last(key);
}

/** The newest count of each key known to be in the database (stored here or read back): a count is stored once, not on every read of it. */
const storedAt = new Map<string, number>();

/** Stores the key's latest count in the database when it is newer than the one stored. */
async function keep(key: string, scope: string): Promise<void> {
  const last = cache.last(key);
  if (!last || (storedAt.get(key) ?? 0) >= last.seen.at.getTime()) return;
  storedAt.set(key, last.seen.at.getTime());
  await storeStats(key, scope, last).catch((error: unknown) => logger().error({ err: error, scope }, 'storing the synthesis statistics failed'));
}
