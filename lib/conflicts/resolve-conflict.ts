import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { type FactValue, factValueSchema, MAX_VALUE_BYTES, valueByteLength } from '../facts/fact-value';
import { valueHash } from '../facts/hash-value';
import type { FactInput } from '../facts/parse-fact-input';
import type { FactScope } from '../facts/scope';
import { SYSTEM_SOURCE } from '../facts/system-sources';
import { writeFactsInTx } from '../facts/write-facts';
import { tooLarge, unprocessable } from '../errors/domain-error';
import type { Tx } from '../db/prisma';
import { decideContradiction, type Decision, type DecisionTarget } from './decide-contradiction';

// POST /v1/conflicts/:id/resolve (§5.10 and docs/semantics.md § Contradictions), :id a conflict or
// its contradiction: one decision for the whole contradicted triple. Writes the resolution fact
// (winner value, confidence 1.0, source = the caller), a stigmem:resolves fact, a status fact per
// conflict it closes, and unless retract_losers is false a retraction of every other live value of
// the triple, so the triple is healthy afterwards.

export const resolveBodySchema = z.object({
  winning_fact_id: z.string().min(1).max(200, 'winning_fact_id is at most 200 characters').nullish(),
  new_value: factValueSchema.nullish(),
  resolution_note: z.string().max(10_000).default(''),
  retract_losers: z.boolean().default(true),
});
export type ResolveBody = z.infer<typeof resolveBodySchema>;

export interface ResolveResponse {
  resolution_fact_id: string;
  conflict_status: 'resolved';
  contradiction_id: string;
  conflicts_closed: number;
  values_retracted: number;
}

/**
 * The winning fact: a fact of the triple whose value is live now, or a side of one of the
 * contradiction's conflicts (then its value is asserted again).
 */
async function winningFact(tx: Tx, target: DecisionTarget, factId: string): Promise<{ value: FactValue; value_hash: string }> {
  const { contradiction: x } = target;
  const [fact] = await tx.$queryRaw<{ value: FactValue; value_hash: string; side: boolean }[]>`
    SELECT f.value, f.value_hash, EXISTS (SELECT 1 FROM conflicts c WHERE c.contradiction_id = ${x.id} AND f.id IN (c.fact_a_id, c.fact_b_id)) AS side
    FROM facts f WHERE f.id = ${factId} AND f.entity = ${x.entity} AND f.relation = ${x.relation} AND f.scope = ${x.scope}`;
  if (!fact || (!fact.side && !target.live.some((v) => v.value_hash === fact.value_hash))) {
    const named = target.live.slice(0, 5).map((v) => v.head_fact_id);
    const more = target.live.length > named.length ? ` (and ${target.live.length - named.length} more)` : '';
    throw unprocessable('winner_not_in_conflict', `winning_fact_id must be a fact of one of the contradiction's values, such as ${named.join(', ')}${more}`);
  }
  return fact;
}

export async function resolveConflict(id: string, body: ResolveBody, principal: Principal, basis: Decision['basis'] = 'manual'): Promise<ResolveResponse> {
  if (!body.winning_fact_id && !body.new_value) throw unprocessable('validation_error', 'give winning_fact_id or new_value');
  // The resolution is a fact like any other: the same size limit as POST /v1/facts.
  if (body.new_value && valueByteLength(body.new_value) > MAX_VALUE_BYTES) throw tooLarge('value_too_large', `new_value.v: larger than ${MAX_VALUE_BYTES} bytes`);
  return decideContradiction(id, principal, { basis, note: body.resolution_note }, async (tx, target) => {
    const { contradiction: x } = target;
    const chosen = body.new_value ? { value: body.new_value, value_hash: valueHash(body.new_value) } : await winningFact(tx, target, body.winning_fact_id!);
    return {
      winnerHash: chosen.value_hash,
      async write(tx, closedIds, now) {
        const scope = x.scope as FactScope;
        const fact = (relation: string, value: FactValue, confidence: number, source = principal.entityUri): FactInput => ({
          entity: x.entity,
          relation,
          value,
          source,
          confidence,
          scope,
          validUntil: null,
        });
        const losers = body.retract_losers ? target.live.filter((v) => v.value_hash !== chosen.value_hash).map((v) => fact(x.relation, v.value, 0)) : [];
        const bookkeeping: FactInput[] = [
          fact('stigmem:resolves', { type: 'ref', v: target.conflictId }, 1),
          ...closedIds.map((conflictId) => ({ ...fact('stigmem:conflict:status', { type: 'string', v: 'resolved' }, 1, SYSTEM_SOURCE), entity: conflictId })),
        ];
        const written = await writeFactsInTx(tx, [...losers, fact(x.relation, chosen.value, 1), ...bookkeeping], { mode: 'assert', now });
        const resolutionFactId = written.facts[losers.length].id;
        return {
          resolutionFactId,
          result: { resolution_fact_id: resolutionFactId, conflict_status: 'resolved' as const, contradiction_id: x.id, conflicts_closed: closedIds.length, values_retracted: losers.length },
        };
      },
    };
  });
}
