import { readOnly } from '../db/read-only';
import type { FactScope } from '../facts/scope';
import { asyncThreshold } from '../jobs/jobs';
import { countFacts } from './run-lint';

// Whether the scope page may lint synchronously: the same rule as POST /v1/lint (lint-scope.ts),
// fact rows of the scope against STIGMEM_ASYNC_THRESHOLD. One index-backed count.

export async function scopeSize(scope: FactScope): Promise<{ factCount: number; threshold: number; needsJob: boolean }> {
  const factCount = await readOnly((tx) => countFacts(tx, { scope, entity: null, relation: null }));
  const threshold = asyncThreshold();
  return { factCount, threshold, needsJob: factCount > threshold };
}
