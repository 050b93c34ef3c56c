import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { synthesisStats } from './synthesis-stats';
import { optionsOf } from './synthesize';
import type { ConfidenceBucketCount } from './view/prepare-confidence-distribution';
import { tenthsOf } from './view/stats-totals';

// The synthesis page's confidence distribution: how many entries of a scope (one per triple, as
// POST /v1/synthesis answers them) fall in each tenth of [0, 1], and how many of those are
// contradicted (optionally for one entity), read off the scope's statistics (synthesis-stats.ts),
// which also give the page's totals. Buckets: 1..10, and 11 for 1.0 itself.

export async function confidenceHistogram(scope: FactScope, includeExpired: boolean, entity: string | null = null): Promise<ConfidenceBucketCount[]> {
  return readOnly(async (tx) => tenthsOf(await synthesisStats(tx, optionsOf({ scope, entity, include_expired: includeExpired }, new Date()))));
}
