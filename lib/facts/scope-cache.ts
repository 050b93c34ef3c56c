import type { Tx } from '../db/prisma';
import { type ScopeReading, scopeRevision, unchangedSince } from './scope-revision';

// Values computed from a whole scope (a synthesis's totals and statistics) hold while the scope is
// unchanged (scope-revision.ts: the same revision, no value crossed valid_until since), so they are
// computed once per change instead of once per request: at 10M facts each takes half a minute. Kept
// in this process only, a few dozen small entries; a stale entry is never answered, only replaced.
// Callers that arrive while the value is being computed for the same revision wait for that
// computation instead of starting their own.

export class ScopeCache<T> {
  private readonly entries = new Map<string, { seen: ScopeReading; value: Promise<T> }>();
  /** How often the cache answered and how often it computed (the tests read them). */
  readonly stats = { hits: 0, counted: 0 };

  constructor(private readonly maxEntries = 64) {}

  /**
   * The value of `key` in `tx` (a READ ONLY snapshot) at `now`: the kept one when `scope` has not
   * changed since it was computed, else `compute`d in the same snapshot as the revision it is kept with.
   */
  async get(tx: Tx, key: string, scope: string, now: Date, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && (await unchangedSince(tx, scope, kept.seen, now))) {
      try {
        const value = await kept.value;
        this.stats.hits++;
        return value;
      } catch {
        // The computation it waited for failed (its request's transaction ended, say): compute here.
      }
    }
    const seen = { revision: await scopeRevision(tx, scope), at: now };
    const value = compute();
    this.stats.counted++;
    this.entries.delete(key);
    this.entries.set(key, { seen, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Oldest first in a Map's order: drop the least recently computed.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
