import type { Tx } from '../db/prisma';
import { type ScopeReading, scopeRevision, unchangedSince } from '../facts/scope-revision';
import { formatInstant } from '../time/instant';
import type { SynthesisOptions } from './synthesis-sql';
import type { SynthesisTotals } from './synthesis-request';

// A paged synthesis (the dashboard, an agent paging with `limit`) answers the scope's totals on every
// page, and counting them reads the whole scope: 29 s at 10M facts, for each page. The totals a page
// counted still hold while the scope is unchanged (lib/facts/scope-revision.ts: same revision, no
// value crossed valid_until since), so later pages of the same request take them from here. Kept in
// this process only, a few dozen small entries; a stale entry is never answered, only replaced.

type Counts = Omit<SynthesisTotals, 'synthesized_at' | 'scope'> & { entry_count: number };

const MAX_ENTRIES = 64;
const entries = new Map<string, { seen: ScopeReading; counts: Counts }>();

/** How often the cache answered and how often it counted (the tests read it). */
export const totalsCacheStats = { hits: 0, counted: 0 };

/**
 * The totals of `options` at `options.now`, read in `tx` (a READ ONLY snapshot): from the cache when
 * the scope has not changed since they were counted, else counted by `count` (in the same snapshot
 * as the revision read with them) and kept.
 */
export async function cachedTotals(
  tx: Tx,
  options: SynthesisOptions,
  minConfidence: number,
  count: () => Promise<SynthesisTotals & { entry_count: number }>,
): Promise<SynthesisTotals & { entry_count: number }> {
  const key = JSON.stringify([options.scope, options.entity ?? null, options.includeExpired, minConfidence]);
  const head = { synthesized_at: formatInstant(options.now), scope: options.scope };
  const cached = entries.get(key);
  if (cached && (await unchangedSince(tx, options.scope, cached.seen, options.now))) {
    totalsCacheStats.hits++;
    return { ...head, ...cached.counts };
  }
  const revision = await scopeRevision(tx, options.scope);
  const { synthesized_at: _at, scope: _scope, ...counts } = await count();
  totalsCacheStats.counted++;
  entries.delete(key);
  entries.set(key, { seen: { revision, at: options.now }, counts });
  // Oldest first in a Map's order: drop the least recently counted.
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return { ...head, ...counts };
}
