import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { asyncThreshold } from '../jobs/jobs';
import { countFactsUpTo } from './run-lint';

// Whether a page may lint a scope on the spot: its fact rows against a limit (the scope page uses
// STIGMEM_ASYNC_THRESHOLD, the same rule as POST /v1/lint in lint-scope.ts; the overview its own).
// The count stops at the limit plus one, so asking costs the same for 10M facts as for 100k (a
// full count took about a second at 10M, before the page's shell could go out).

/** The scope's fact count when it is at most `limit`, otherwise null; reads at most limit + 1 index entries. */
export async function factCountUpTo(scope: FactScope, limit: number): Promise<number | null> {
  return readOnly((tx) => countFactsUpTo(tx, { scope, entity: null, relation: null }, limit));
}

export async function scopeSize(scope: FactScope): Promise<{ threshold: number; needsJob: boolean }> {
  const threshold = asyncThreshold();
  return { threshold, needsJob: (await factCountUpTo(scope, threshold)) === null };
}
