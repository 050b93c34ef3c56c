import { z } from 'zod';
import type { Principal } from '../auth/principal';
import type { FactScope } from '../facts/scope';
import { SYSTEM_SOURCE } from '../facts/system-sources';
import { writeFactsInTx } from '../facts/write-facts';
import { decideContradiction } from './decide-contradiction';

// POST /v1/conflicts/:id/dismiss (extension), :id a conflict or its contradiction: "not a
// contradiction" (for example a time-scoped change, or a relation that holds several values) for
// the whole triple. Decided with basis "dismissed": a status fact per conflict it closes, and the
// cooldown keeps any two of the values it covered from contradicting again. Counted as a false
// alarm in health history.

export const dismissBodySchema = z.object({ resolution_note: z.string().max(10_000).default('') });

export async function dismissConflict(
  id: string,
  body: z.infer<typeof dismissBodySchema>,
  principal: Principal,
): Promise<{ conflict_id: string; conflict_status: 'resolved'; resolution_basis: 'dismissed'; contradiction_id: string; conflicts_closed: number }> {
  return decideContradiction(id, principal, { basis: 'dismissed', note: body.resolution_note }, async (_tx, target) => ({
    winnerHash: null,
    async write(tx, closedIds, now) {
      const scope = target.contradiction.scope as FactScope;
      const status = (conflictId: string) => ({
        entity: conflictId,
        relation: 'stigmem:conflict:status',
        value: { type: 'string' as const, v: 'dismissed' },
        source: SYSTEM_SOURCE,
        confidence: 1,
        scope,
        validUntil: null,
      });
      await writeFactsInTx(tx, closedIds.map(status), { mode: 'assert', now });
      return {
        resolutionFactId: null,
        result: { conflict_id: target.conflictId, conflict_status: 'resolved' as const, resolution_basis: 'dismissed' as const, contradiction_id: target.contradiction.id, conflicts_closed: closedIds.length },
      };
    },
  }));
}
