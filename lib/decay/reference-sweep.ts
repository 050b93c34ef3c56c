import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { type FactScope, scopeSchema } from '../facts/scope';
import { forbidden } from '../errors/domain-error';
import type { DecayPolicy } from './decay-policy';
import { type SweepAnswer, sweepScope } from './sweep-scope';

// The reference node's cron call: POST /v1/decay/sweep?dry_run=&scope=&ttl_seconds=&min_confidence=
// with no body, answered {scanned, decayed, dry_run}. It runs through the same sweep code as §15.2,
// with one retract policy built from the query instead of the configured ones: a live value is
// retracted when its age passes ttl_seconds (0 = every value) or its confidence is below
// min_confidence. Without either there is nothing to decay; without scope, every scope the key may write.

const queryNumber = (name: string) => z.coerce.number({ error: `${name} must be a number` });

export const referenceSweepQuerySchema = z.object({
  dry_run: z.enum(['true', 'false', '1', '0'], { error: 'dry_run must be true or false' }).optional().transform((v) => v === 'true' || v === '1'),
  scope: scopeSchema.optional(),
  ttl_seconds: queryNumber('ttl_seconds').int('ttl_seconds must be an integer').min(0, 'ttl_seconds must be ≥ 0').optional(),
  min_confidence: queryNumber('min_confidence').min(0, 'min_confidence must be in [0, 1]').max(1, 'min_confidence must be in [0, 1]').optional(),
});

export type ReferenceSweepQuery = z.output<typeof referenceSweepQuerySchema>;

export const REFERENCE_SWEEP_PARAMS = ['dry_run', 'scope', 'ttl_seconds', 'min_confidence'] as const;

export interface ReferenceSweepResult {
  scanned: number;
  decayed: number;
  dry_run: boolean;
}

function queryPolicy(query: ReferenceSweepQuery): DecayPolicy {
  return {
    id: 'request:query',
    relation: '*',
    scope: '*',
    mode: 'retract',
    ttl_s: query.ttl_seconds ?? null,
    half_life_s: null,
    min_confidence: 0,
    exempt_relations: [],
    source: 'request',
    retract_below: query.min_confidence ?? null,
  };
}

/** 200 {scanned, decayed, dry_run}, or the 202 job answer when a scope is over the async threshold. */
export async function referenceSweep(query: ReferenceSweepQuery, scopes: FactScope[], principal: Principal): Promise<SweepAnswer | { status: 200; body: ReferenceSweepResult }> {
  if (!scopes.length) throw forbidden('this key cannot write any scope');
  const result: ReferenceSweepResult = { scanned: 0, decayed: 0, dry_run: query.dry_run };
  if (query.ttl_seconds === undefined && query.min_confidence === undefined) return { status: 200, body: result };
  const policies = [queryPolicy(query)];
  for (const scope of scopes) {
    const request = { scope, mode: query.dry_run ? ('dry_run' as const) : null, policy_id: null, entity: null, relation: null, fact_id: null, limit: 1, cursor: null };
    const answer = await sweepScope(request, principal, policies);
    if (answer.status === 202) return answer;
    const body = answer.body;
    result.scanned += body.facts_evaluated;
    result.decayed += query.dry_run ? body.dry_run_would_retract + body.dry_run_would_reduce : body.facts_retracted + body.facts_reduced;
  }
  return { status: 200, body: result };
}
