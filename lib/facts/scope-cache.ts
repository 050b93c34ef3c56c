import type { Tx } from '../db/prisma';
import { type ScopeReading, scopeRevision, unchangedSince } from './scope-revision';

// Values computed from a whole scope (a synthesis's totals and statistics) hold while the scope is
// unchanged (scope-revision.ts: the same revision, no value crossed valid_until since), so they are
// computed once per change instead of once per request: at 10M facts each takes half a minute. Kept
// in this process only, a few dozen small entries; a stale entry is never answered, only replaced.
// Callers that arrive while the value is being computed for the same revision wait for that
// computation instead of starting their own.

interface Kept<T> {
  seen: ScopeReading;
  value: Promise<T>;
  /** The newest value that finished computing for this key, whatever its age (this one or an earlier one). */
  last?: { value: T; seen: ScopeReading };
}

export class ScopeCache<T> {
  private readonly entries = new Map<string, Kept<T>>();
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
    const entry: Kept<T> = { seen, value, last: kept?.last };
    this.put(key, entry);
    value.then(
      (done) => {
        if (!entry.last || entry.last.seen.at <= seen.at) entry.last = { value: done, seen };
      },
      () => {
        // A failed computation is forgotten; what finished before it stays.
        if (this.entries.get(key) === entry) {
          if (entry.last) this.entries.set(key, { seen: entry.last.seen, value: Promise.resolve(entry.last.value), last: entry.last });
          else this.entries.delete(key);
        }
      },
    );
    return value;
  }

  /** Sets `key` as the most recent entry; past maxEntries, drops the least recently set (a Map keeps insertion order). */
  private put(key: string, entry: Kept<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * Takes `value`, computed elsewhere at `seen` (another process, kept in the database), as `key`'s
   * value when it is newer than what this process has and nothing is being computed for it here.
   */
  remember(key: string, seen: ScopeReading, value: T): void {
    const entry = this.entries.get(key);
    if (entry && (this.computing(key) || (entry.last && entry.last.seen.at >= seen.at))) return;
    this.put(key, { seen, value: Promise.resolve(value), last: { value, seen } });
  }

  /** The newest finished value of `key`, however old, with the reading it was computed at. */
  last(key: string): { value: T; seen: ScopeReading } | undefined {
    return this.entries.get(key)?.last;
  }

  /** Whether a computation of `key` is under way. */
  computing(key: string): boolean {
    const entry = this.entries.get(key);
    return Boolean(entry && entry.last?.seen !== entry.seen);
  }
}
