import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import { type DecayPolicy, matchPolicy, type SweepMode } from './decay-policy';

// What a sweep would change, as set-based SQL over value heads. The policy for each relation of
// the scope is chosen by matchPolicy (one rule, in one place); the database then evaluates every
// live value of those relations:
//   age      = now − the value's latest non-decay assertion (base_timestamp)
//   retract  → confidence 0 once age > ttl_s (or, for a query-string sweep, confidence < retract_below)
//   reduce   → base_confidence × exp(−ln2 × age / half_life_s), floored at min_confidence, written
//              only when it lowers the current confidence by ≥ 0.01 (so a second sweep writes nothing)
// Values whose latest non-decay assertion came from a system: source are never touched.

/** Confidence steps smaller than this are not written. */
export const MIN_STEP = 0.01;

export interface SweepFilter {
  scope: FactScope;
  mode?: SweepMode;
  policyId?: string;
  entity?: string;
  relation?: string;
  /** Only the value whose head is this fact (the dashboard's one-fact preview). */
  factId?: string;
}

export interface RelationPlan {
  relation: string;
  policy: DecayPolicy;
  action: 'retract' | 'reduce';
}

/** Effective action of a policy under a mode override; null when the policy cannot run that way. */
function actionFor(policy: DecayPolicy, mode: SweepMode | undefined): RelationPlan['action'] | null {
  const wanted = mode === 'retract' || mode === 'confidence' ? mode : policy.mode;
  if (wanted === 'retract') return policy.ttl_s || policy.ttl_s === 0 || policy.retract_below != null ? 'retract' : null;
  return policy.half_life_s ? 'reduce' : null;
}

/** Policies that take part in a sweep of this scope (scope match, policy_id, mode override). */
export function policiesInPlay(policies: DecayPolicy[], filter: SweepFilter): DecayPolicy[] {
  return policies.filter(
    (p) => (p.scope === '*' || p.scope === filter.scope) && (!filter.policyId || p.id === filter.policyId) && actionFor(p, filter.mode) !== null,
  );
}

export async function planRelations(tx: Tx, policies: DecayPolicy[], filter: SweepFilter): Promise<RelationPlan[]> {
  const inPlay = policiesInPlay(policies, filter);
  if (!inPlay.length) return [];
  const relations = await tx.$queryRaw<{ relation: string }[]>`
    SELECT DISTINCT relation FROM value_heads WHERE scope = ${filter.scope}
      ${filter.relation ? Prisma.sql`AND relation = ${filter.relation}` : Prisma.empty}`;
  return relations.flatMap(({ relation }) => {
    const policy = matchPolicy(relation, filter.scope, inPlay);
    const action = policy && actionFor(policy, filter.mode);
    return policy && action ? [{ relation, policy, action }] : [];
  });
}

/** Whether candidate row `alias` would be written: a due retraction, or a step of at least MIN_STEP. */
export const isChange = (alias: string) => {
  const c = Prisma.raw(alias);
  return Prisma.sql`(${c}.target IS NOT NULL AND (${c}.action = 'retract' OR ${c}.confidence - ${c}.target >= ${MIN_STEP - 1e-9}))`;
};

/** A value head's key within a scope, in the order sweeps walk them: (entity, relation, value_hash). */
export type HeadKey = [entity: string, relation: string, valueHash: string];

/** Value heads after `after` up to and including `upTo` (null: no bound), in primary-key order. */
export interface HeadRange {
  after: HeadKey | null;
  upTo: HeadKey | null;
}

/** The heads a sweep with this filter walks (the scope, narrowed by entity, relation and fact id). */
function headFilter(filter: SweepFilter): Prisma.Sql {
  return Prisma.sql`vh.scope = ${filter.scope}
    ${filter.entity ? Prisma.sql`AND vh.entity = ${filter.entity}` : Prisma.empty}
    ${filter.relation ? Prisma.sql`AND vh.relation = ${filter.relation}` : Prisma.empty}
    ${filter.factId ? Prisma.sql`AND vh.head_fact_id = ${filter.factId} AND (vh.entity, vh.relation, vh.scope, vh.value_hash) IN (
      SELECT f.entity, f.relation, f.scope, f.value_hash FROM facts f WHERE f.id = ${filter.factId})` : Prisma.empty}`;
}

// Row comparisons spell out the whole primary key (entity, relation, scope, value_hash) so they
// are index conditions on it; with the scope fixed that is the (entity, relation, value_hash) order.
const keyAfter = (scope: string, key: HeadKey) => Prisma.sql`(vh.entity, vh.relation, vh.scope, vh.value_hash) > (${key[0]}, ${key[1]}, ${scope}, ${key[2]})`;
const keyUpTo = (scope: string, key: HeadKey) => Prisma.sql`(vh.entity, vh.relation, vh.scope, vh.value_hash) <= (${key[0]}, ${key[1]}, ${scope}, ${key[2]})`;

/** `AND` conditions keeping value heads `vh` within the range. */
export function headRangeSql(scope: string, range: HeadRange): Prisma.Sql {
  return Prisma.sql`${range.after ? Prisma.sql`AND ${keyAfter(scope, range.after)}` : Prisma.empty}
    ${range.upTo ? Prisma.sql`AND ${keyUpTo(scope, range.upTo)}` : Prisma.empty}`;
}

/** The last key of the next `size` heads after `after`; null when fewer remain (the range runs to the end). */
export async function rangeEnd(tx: Tx, filter: SweepFilter, after: HeadKey | null, size: number): Promise<HeadKey | null> {
  const [row] = await tx.$queryRaw<{ entity: string; relation: string; value_hash: string }[]>`
    SELECT vh.entity, vh.relation, vh.value_hash FROM value_heads vh
    WHERE ${headFilter(filter)} ${after ? Prisma.sql`AND ${keyAfter(filter.scope, after)}` : Prisma.empty}
    ORDER BY vh.entity, vh.relation, vh.scope, vh.value_hash OFFSET ${size - 1} LIMIT 1`;
  return row ? [row.entity, row.relation, row.value_hash] : null;
}

/**
 * Candidate values with their computed target: columns entity, relation, value_hash, value,
 * value_type, ref_target, head_fact_id, valid_until, confidence (before), target (after), action,
 * policy_id, age_s. `changesOnly` keeps the rows that would be written; `range` narrows to a key range.
 */
export function candidatesSql(plan: RelationPlan[], filter: SweepFilter, now: Date, changesOnly: boolean, range?: HeadRange): Prisma.Sql {
  const col = <T>(pick: (p: RelationPlan) => T) => plan.map(pick);
  // Half-lives elapsed, never negative (a value imported from a clock ahead of ours has not decayed
  // yet). Past 20 the value is below 1e-6 of its base and rounds to 0 at four decimals: answered 0
  // without exp(), which raises "value out of range: underflow" once the product leaves float8's
  // range (a 60 s half-life on a two-day-old value does), as does a base confidence near 1e-300.
  const halfLives = Prisma.sql`greatest(0, extract(epoch FROM (${now}::timestamptz - vh.base_timestamp)) / p.half_life_s)`;
  return Prisma.sql`
    SELECT * FROM (
      SELECT vh.entity, vh.relation, vh.value_hash, vh.value, vh.value_type, vh.ref_target, vh.head_fact_id, vh.valid_until, vh.confidence,
        p.policy_id, p.action, extract(epoch FROM (${now}::timestamptz - vh.base_timestamp))::float8 AS age_s,
        CASE p.action
          WHEN 'retract' THEN CASE WHEN extract(epoch FROM (${now}::timestamptz - vh.base_timestamp)) > p.ttl_s OR vh.confidence < p.retract_below THEN 0::float8 END
          ELSE round(greatest(p.min_confidence, CASE WHEN ${halfLives} > 20 OR vh.base_confidence < 1e-200 THEN 0 ELSE vh.base_confidence * exp(-ln(2) * ${halfLives}) END)::numeric, 4)::float8
        END AS target
      FROM value_heads vh
      JOIN unnest(${col((p) => p.relation)}::text[], ${col((p) => p.policy.id)}::text[], ${col((p) => p.action)}::text[],
                  ${col((p) => p.policy.ttl_s)}::float8[], ${col((p) => p.policy.half_life_s)}::float8[], ${col((p) => p.policy.min_confidence)}::float8[],
                  ${col((p) => p.policy.retract_below ?? null)}::float8[])
        AS p(relation, policy_id, action, ttl_s, half_life_s, min_confidence, retract_below) ON p.relation = vh.relation
      WHERE ${headFilter(filter)} AND vh.confidence > 0 AND vh.base_timestamp IS NOT NULL
        AND coalesce(vh.base_source, '') NOT LIKE 'system:%'
        ${range ? headRangeSql(filter.scope, range) : Prisma.empty}
    ) c
    ${changesOnly ? Prisma.sql`WHERE ${isChange('c')}` : Prisma.empty}`;
}
