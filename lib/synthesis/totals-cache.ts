import type { Tx } from '../db/prisma';
import { ScopeCache } from '../facts/scope-cache';
import { formatInstant } from '../time/instant';
import type { SynthesisOptions } from './synthesis-sql';
import type { SynthesisTotals } from './synthesis-request';

// A paged synthesis (the dashboard, an agent paging with `limit`) answers the scope's totals on every
// page, and counting them reads the whole scope: 29 s at 10M facts, for each page. The totals a page
// counted still hold while the scope is unchanged, so later pages of the same request take them from
// here (lib/facts/scope-cache.ts).

type Counts = Omit<SynthesisTotals, 'synthesized_at' | 'scope'> & { entry_count: number };

const cache = new ScopeCache<Counts>();

/** How often the cache answered and how often it counted (the tests read it). */
export const totalsCacheStats = cache.stats;

/**
 * The totals of `options` at `options.now`, read in `tx` (a READ ONLY snapshot): from the cache when
 * the scope has not changed since they were counted, else counted by `count` and kept.
 */
export async function cachedTotals(
  tx: Tx,
  options: SynthesisOptions,
  minConfidence: number,
  count: () => Promise<SynthesisTotals & { entry_count: number }>,
): Promise<SynthesisTotals & { entry_count: number }> {
  const key = JSON.stringify([options.scope, options.entity ?? null, options.includeExpired, minConfidence]);
  const counts = await cache.get(tx, key, options.scope, options.now, async () => {
    const { synthesized_at: _at, scope: _scope, ...rest } = await count();
    return rest;
  });
  return { synthesized_at: formatInstant(options.now), scope: options.scope, ...counts };
}
