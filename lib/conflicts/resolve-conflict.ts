import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { type FactValue, factValueSchema, MAX_VALUE_BYTES, valueByteLength } from '../facts/fact-value';
import type { FactInput } from '../facts/parse-fact-input';
import type { FactScope } from '../facts/scope';
import { SYSTEM_SOURCE } from '../facts/system-sources';
import { writeFactsInTx } from '../facts/write-facts';
import { tooLarge, unprocessable } from '../errors/domain-error';
import { decideConflict, type Decision } from './decide-conflict';

// POST /v1/conflicts/:id/resolve (§5.10 and docs/semantics.md): the resolution fact (winner value,
// confidence 1.0, source = the caller), a stigmem:resolves fact, the status fact, and unless
// retract_losers is false, a retraction of each losing value so the triple is healthy afterwards.

export const resolveBodySchema = z.object({
  winning_fact_id: z.string().min(1).max(200, 'winning_fact_id is at most 200 characters').nullish(),
  new_value: factValueSchema.nullish(),
  resolution_note: z.string().max(10_000).default(''),
  retract_losers: z.boolean().default(true),
});
export type ResolveBody = z.infer<typeof resolveBodySchema>;

export async function resolveConflict(
  conflictId: string,
  body: ResolveBody,
  principal: Principal,
  basis: Decision['basis'] = 'manual',
): Promise<{ resolution_fact_id: string; conflict_status: 'resolved' }> {
  if (!body.winning_fact_id && !body.new_value) throw unprocessable('validation_error', 'give winning_fact_id or new_value');
  // The resolution is a fact like any other: the same size limit as POST /v1/facts.
  if (body.new_value && valueByteLength(body.new_value) > MAX_VALUE_BYTES) throw tooLarge('value_too_large', `new_value.v: larger than ${MAX_VALUE_BYTES} bytes`);
  return decideConflict(conflictId, principal, { basis, note: body.resolution_note }, async (tx, row, now) => {
    if (body.winning_fact_id && body.winning_fact_id !== row.fact_a_id && body.winning_fact_id !== row.fact_b_id) {
      throw unprocessable('winner_not_in_conflict', `winning_fact_id must be ${row.fact_a_id} or ${row.fact_b_id}`);
    }
    const sides = await tx.$queryRaw<{ id: string; value: FactValue; value_hash: string }[]>`
      SELECT id, value, value_hash FROM facts WHERE id IN (${row.fact_a_id}, ${row.fact_b_id})`;
    const winnerValue = body.new_value ?? sides.find((s) => s.id === body.winning_fact_id)!.value;
    const scope = row.scope as FactScope;
    const fact = (relation: string, value: FactValue, confidence: number, source = principal.entityUri): FactInput => ({
      entity: row.entity,
      relation,
      value,
      source,
      confidence,
      scope,
      validUntil: null,
    });
    const winner = fact(row.relation, winnerValue, 1);
    const losers = body.retract_losers
      ? sides.filter((s) => body.new_value || s.id !== body.winning_fact_id).map((s) => fact(row.relation, s.value, 0))
      : [];
    const bookkeeping: FactInput[] = [
      fact('stigmem:resolves', { type: 'ref', v: row.id }, 1),
      { ...fact('stigmem:conflict:status', { type: 'string', v: 'resolved' }, 1, SYSTEM_SOURCE), entity: row.id },
    ];
    const written = await writeFactsInTx(tx, [...losers, winner, ...bookkeeping], { mode: 'assert', now });
    const resolutionFactId = written.facts[losers.length].id;
    return { resolutionFactId, result: { resolution_fact_id: resolutionFactId, conflict_status: 'resolved' as const } };
  });
}
