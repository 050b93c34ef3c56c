import type { Tx } from '../db/prisma';
import { config } from '../config/config';
import { isFlagged } from '../integrity/flagged';
import { inspectValueOnce, type ValueIntegrity } from '../integrity/inspect-value';
import { sqlArray } from '../db/sql-array';
import type { FactInput } from './parse-fact-input';
import { valueHash } from './hash-value';
import { isSystemRelation } from './system-sources';

// Memory integrity at write time (docs/decisions.md § Memory integrity): every written value's text
// is inspected before the write's locks are taken (the detectors are JavaScript; under the lock they
// would hold every other writer), and the result goes onto the value's head. In a scope whose
// settings say `quarantine_flagged`, a flagged fact goes to quarantine as it is written — unless a
// moderator admitted the same value of the same triple before (it would only come back).

export interface InspectedWrite {
  hash: string;
  integrity: ValueIntegrity | undefined;
  quarantine: { reason: string } | null;
}

const CLEAN: ValueIntegrity = { score: 0, flags: [] };

interface ScopePolicyRow {
  scope: string;
  injection_threshold: number | null;
  forbid_personal_data: boolean;
  quarantine_flagged: boolean;
}

export async function inspectWrites(tx: Tx, inputs: FactInput[]): Promise<InspectedWrite[]> {
  const enabled = config().integrity.enabled;
  const inspected: InspectedWrite[] = inputs.map((input) => {
    const hash = valueHash(input.value);
    // The node's own bookkeeping is never inspected: it is clean by construction.
    const integrity = isSystemRelation(input.relation) ? CLEAN : enabled ? inspectValueOnce(hash, input.value) : undefined;
    return { hash, integrity, quarantine: null };
  });
  const suspect = inspected.map((w, i) => ({ w, input: inputs[i] })).filter(({ w, input }) => w.integrity && (w.integrity.score > 0 || w.integrity.flags.length) && input.confidence > 0);
  if (!suspect.length) return inspected;

  const scopes = [...new Set(suspect.map(({ input }) => input.scope))];
  const policies = await tx.$queryRaw<ScopePolicyRow[]>`
    SELECT scope, injection_threshold, forbid_personal_data, quarantine_flagged FROM scope_settings WHERE scope = ANY(${sqlArray(scopes)}::text[]) AND quarantine_flagged`;
  if (!policies.length) return inspected;
  const policyOf = new Map(policies.map((p) => [p.scope, p]));
  const flagged = suspect.filter(({ w, input }) => {
    const p = policyOf.get(input.scope);
    return p && isFlagged(w.integrity!, { injectionThreshold: p.injection_threshold ?? config().integrity.injectionThreshold, forbidPersonalData: p.forbid_personal_data });
  });
  if (!flagged.length) return inspected;
  const admitted = await tx.$queryRaw<{ entity: string; relation: string; scope: string; value_hash: string }[]>`
    SELECT DISTINCT q.entity, q.relation, q.scope, q.value_hash
    FROM unnest(${sqlArray(flagged.map(({ input }) => input.entity))}::text[], ${sqlArray(flagged.map(({ input }) => input.relation))}::text[],
      ${sqlArray(flagged.map(({ input }) => input.scope))}::text[], ${sqlArray(flagged.map(({ w }) => w.hash))}::text[]) AS k(entity, relation, scope, value_hash)
    JOIN quarantine q ON q.entity = k.entity AND q.relation = k.relation AND q.scope = k.scope AND q.value_hash = k.value_hash AND q.status = 'promoted'`;
  const wasAdmitted = new Set(admitted.map((a) => `${a.scope}\u0000${a.entity}\u0000${a.relation}\u0000${a.value_hash}`));
  for (const { w, input } of flagged) {
    if (wasAdmitted.has(`${input.scope}\u0000${input.entity}\u0000${input.relation}\u0000${w.hash}`)) continue;
    const what = w.integrity!.flags.map((f) => f.split(':').slice(0, 2).join(':'));
    w.quarantine = { reason: `flagged as it was written: injection score ${w.integrity!.score.toFixed(2)}${what.length ? `; ${[...new Set(what)].join(', ')}` : ''}` };
  }
  return inspected;
}
