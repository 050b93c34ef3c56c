import { z } from 'zod';
import type { Principal } from '../auth/principal';
import type { FactScope } from '../facts/scope';
import { SYSTEM_SOURCE } from '../facts/system-sources';
import { writeFactsInTx } from '../facts/write-facts';
import { decideConflict } from './decide-conflict';

// POST /v1/conflicts/:id/dismiss (extension): "not a contradiction" (for example a time-scoped
// change). Resolved with basis "dismissed", only the status fact is written, and the cooldown
// keeps the pair from reopening. Counted as a false alarm in health history.

export const dismissBodySchema = z.object({ resolution_note: z.string().max(10_000).default('') });

export async function dismissConflict(
  conflictId: string,
  body: z.infer<typeof dismissBodySchema>,
  principal: Principal,
): Promise<{ conflict_id: string; conflict_status: 'resolved'; resolution_basis: 'dismissed' }> {
  return decideConflict(conflictId, principal, { basis: 'dismissed', note: body.resolution_note }, async (tx, row, now) => {
    await writeFactsInTx(
      tx,
      [{ entity: row.id, relation: 'stigmem:conflict:status', value: { type: 'string', v: 'dismissed' }, source: SYSTEM_SOURCE, confidence: 1, scope: row.scope as FactScope, validUntil: null }],
      { mode: 'assert', now },
    );
    return { resolutionFactId: null, result: { conflict_id: row.id, conflict_status: 'resolved' as const, resolution_basis: 'dismissed' as const } };
  });
}
