import { z } from 'zod';
import { FACT_SCOPES } from '../facts/scope';

// DecayPolicy (§15.1) and the matching rules (docs/semantics.md): most-specific-first — exact relation,
// then the longest "prefix:*", then "*"; exact scope before "*"; the first match wins. The
// stigmem: and rel: namespaces are never decayed; exempt_relations remove a relation from a policy.

export const DECAY_MODES = ['retract', 'confidence'] as const;
export type DecayMode = (typeof DECAY_MODES)[number];
export const SWEEP_MODES = ['retract', 'confidence', 'dry_run'] as const;
export type SweepMode = (typeof SWEEP_MODES)[number];

const relationPattern = z
  .string()
  .min(1)
  .max(512)
  .refine((r) => r === '*' || /^[^\s*]+$/.test(r) || /^[^\s*]+:\*$/.test(r), 'must be "*", an exact relation, or "prefix:*"');

export const decayPolicySchema = z
  .object({
    id: z.string({ error: 'id is required' }).min(1, 'id is required').max(100).regex(/^[A-Za-z0-9._:-]+$/, 'id may hold letters, digits and . _ : -'),
    relation: relationPattern,
    scope: z.enum([...FACT_SCOPES, '*'], { error: `scope must be one of ${FACT_SCOPES.join(', ')} or *` }),
    mode: z.enum(DECAY_MODES, { error: 'mode must be retract or confidence' }),
    ttl_s: z.number().int('ttl_s must be an integer').positive('ttl_s must be > 0').nullish(),
    half_life_s: z.number().int('half_life_s must be an integer').positive('half_life_s must be > 0').nullish(),
    min_confidence: z.number().min(0, 'min_confidence must be in [0, 1]').max(1, 'min_confidence must be in [0, 1]').default(0),
    exempt_relations: z.array(relationPattern).default([]),
  })
  .superRefine((p, ctx) => {
    if (p.mode === 'retract' && !p.ttl_s) ctx.addIssue({ code: 'custom', path: ['ttl_s'], message: 'mode "retract" needs ttl_s > 0' });
    if (p.mode === 'confidence' && !p.half_life_s) ctx.addIssue({ code: 'custom', path: ['half_life_s'], message: 'mode "confidence" needs half_life_s > 0' });
  });

export type DecayPolicyInput = z.input<typeof decayPolicySchema>;
export interface DecayPolicy {
  id: string;
  relation: string;
  scope: string;
  mode: DecayMode;
  ttl_s: number | null;
  half_life_s: number | null;
  min_confidence: number;
  exempt_relations: string[];
  source: 'env' | 'database' | 'request';
  /** Retract mode only, for the reference node's query-string sweep: also retract live values below this confidence, whatever their age. */
  retract_below?: number | null;
}

export function normalizePolicy(parsed: z.output<typeof decayPolicySchema>, source: DecayPolicy['source']): DecayPolicy {
  return { ...parsed, ttl_s: parsed.ttl_s ?? null, half_life_s: parsed.half_life_s ?? null, source };
}

/** The system namespaces (§15.1): never retracted or confidence-reduced. */
export function isDecayExemptRelation(relation: string): boolean {
  return relation.startsWith('stigmem:') || relation.startsWith('rel:');
}

export function patternMatches(pattern: string, relation: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith(':*')) return relation.startsWith(pattern.slice(0, -1));
  return pattern === relation;
}

/** Higher is more specific: exact relation, then longer prefixes, then "*"; exact scope breaks ties. */
export function specificity(policy: Pick<DecayPolicy, 'relation' | 'scope'>): number {
  const relationRank = policy.relation === '*' ? 0 : policy.relation.endsWith(':*') ? 1 + policy.relation.length : 100_000;
  return relationRank * 2 + (policy.scope === '*' ? 0 : 1);
}

/** The policy that decays facts of `relation` in `scope`, or null (no policy, or exempt). */
export function matchPolicy(relation: string, scope: string, policies: DecayPolicy[]): DecayPolicy | null {
  if (isDecayExemptRelation(relation)) return null;
  const candidates = policies
    .filter((p) => (p.scope === '*' || p.scope === scope) && patternMatches(p.relation, relation))
    .filter((p) => !p.exempt_relations.some((pattern) => patternMatches(pattern, relation)))
    .sort((a, b) => specificity(b) - specificity(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return candidates[0] ?? null;
}

/**
 * Parses STIGMEM_DECAY_POLICIES: a JSON array of policies. Throws with a message naming the bad
 * policy (by index and id) and field, so a misconfigured server refuses to start.
 */
export function parseEnvPolicies(raw: string | undefined): DecayPolicy[] {
  if (!raw || !raw.trim()) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new Error(`STIGMEM_DECAY_POLICIES is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(data)) throw new Error('STIGMEM_DECAY_POLICIES must be a JSON array of decay policies');
  const seen = new Set<string>();
  return data.map((item, index) => {
    const parsed = decayPolicySchema.safeParse(item);
    const name = `policy ${index}${item && typeof item === 'object' && 'id' in item ? ` ("${String((item as { id: unknown }).id)}")` : ''}`;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`STIGMEM_DECAY_POLICIES: ${name}, field ${issue.path.join('.') || '(policy)'}: ${issue.message}`);
    }
    if (seen.has(parsed.data.id)) throw new Error(`STIGMEM_DECAY_POLICIES: ${name}, field id: duplicate id "${parsed.data.id}"`);
    seen.add(parsed.data.id);
    return normalizePolicy(parsed.data, 'env');
  });
}
