import { getDb } from '../db/prisma';
import { conflict, notFound } from '../errors/domain-error';
import { decayPolicySchema, type DecayPolicy, type DecayPolicyInput, normalizePolicy, parseEnvPolicies } from './decay-policy';
import { config } from '../config/config';

// Policies come from STIGMEM_DECAY_POLICIES (read-only, source "env") and from the database
// (admin API, source "database"). Ids are unique across both.

let envCache: { raw: string | undefined; policies: DecayPolicy[] } | undefined;

export function envPolicies(): DecayPolicy[] {
  const raw = config().decayPoliciesJson ?? undefined;
  if (!envCache || envCache.raw !== raw) envCache = { raw, policies: parseEnvPolicies(raw) };
  return envCache.policies;
}

type PolicyRow = { id: string; relation: string; scope: string; mode: string; ttlS: number | null; halfLifeS: number | null; minConfidence: number; exemptRelations: string[] };

function fromRow(row: PolicyRow): DecayPolicy {
  return {
    id: row.id,
    relation: row.relation,
    scope: row.scope,
    mode: row.mode as DecayPolicy['mode'],
    ttl_s: row.ttlS,
    half_life_s: row.halfLifeS,
    min_confidence: row.minConfidence,
    exempt_relations: row.exemptRelations,
    source: 'database',
  };
}

const toRow = (p: DecayPolicy) => ({
  relation: p.relation,
  scope: p.scope,
  mode: p.mode,
  ttlS: p.ttl_s,
  halfLifeS: p.half_life_s,
  minConfidence: p.min_confidence,
  exemptRelations: p.exempt_relations,
});

export async function listPolicies(): Promise<DecayPolicy[]> {
  const db = await getDb();
  const stored = (await db.decayPolicy.findMany({ orderBy: { id: 'asc' } })).map(fromRow);
  return [...envPolicies(), ...stored];
}

export async function getPolicy(id: string): Promise<DecayPolicy> {
  const policy = (await listPolicies()).find((p) => p.id === id);
  if (!policy) throw notFound('policy_not_found', `no decay policy with id ${id}`);
  return policy;
}

function refuseEnv(id: string) {
  if (envPolicies().some((p) => p.id === id)) {
    throw conflict('policy_read_only', `policy ${id} comes from STIGMEM_DECAY_POLICIES and cannot be changed through the API`);
  }
}

export async function createPolicy(input: DecayPolicyInput): Promise<DecayPolicy> {
  const policy = normalizePolicy(decayPolicySchema.parse(input), 'database');
  refuseEnv(policy.id);
  const db = await getDb();
  if (await db.decayPolicy.findUnique({ where: { id: policy.id } })) throw conflict('policy_exists', `a decay policy with id ${policy.id} exists`);
  return fromRow(await db.decayPolicy.create({ data: { id: policy.id, ...toRow(policy) } }));
}

export async function replacePolicy(id: string, input: Omit<DecayPolicyInput, 'id'> & { id?: string }): Promise<DecayPolicy> {
  refuseEnv(id);
  const policy = normalizePolicy(decayPolicySchema.parse({ ...input, id }), 'database');
  if (input.id !== undefined && input.id !== id) throw conflict('policy_id_mismatch', `the body's id ${input.id} differs from the path's ${id}`);
  const db = await getDb();
  const { count } = await db.decayPolicy.updateMany({ where: { id }, data: toRow(policy) });
  if (!count) throw notFound('policy_not_found', `no decay policy with id ${id}`);
  return policy;
}

export async function deletePolicy(id: string): Promise<void> {
  refuseEnv(id);
  const db = await getDb();
  const { count } = await db.decayPolicy.deleteMany({ where: { id } });
  if (!count) throw notFound('policy_not_found', `no decay policy with id ${id}`);
}
