import type { DecayPolicy, DecayPolicyInput } from '@/lib/decay/decay-policy';
import { type DurationUnit, splitDuration, toSeconds } from './format-duration';

// The add/edit policy form's state and its conversion to the API body. The form checks nothing the
// API checks (it answers with a `detail` naming the field); it only turns text into numbers and lists.

export interface PolicyFormValues {
  id: string;
  relation: string;
  scope: string;
  mode: 'retract' | 'confidence';
  ttlAmount: string;
  ttlUnit: DurationUnit;
  halfLifeAmount: string;
  halfLifeUnit: DurationUnit;
  minConfidence: string;
  exemptRelations: string;
}

export const EMPTY_POLICY_FORM: PolicyFormValues = {
  id: '',
  relation: '',
  scope: '*',
  mode: 'retract',
  ttlAmount: '30',
  ttlUnit: 'd',
  halfLifeAmount: '7',
  halfLifeUnit: 'd',
  minConfidence: '0',
  exemptRelations: '',
};

export function policyToForm(policy: DecayPolicy): PolicyFormValues {
  const ttl = splitDuration(policy.ttl_s);
  const halfLife = splitDuration(policy.half_life_s);
  return {
    id: policy.id,
    relation: policy.relation,
    scope: policy.scope,
    mode: policy.mode,
    ttlAmount: ttl.amount,
    ttlUnit: ttl.unit,
    halfLifeAmount: halfLife.amount,
    halfLifeUnit: halfLife.unit,
    minConfidence: String(policy.min_confidence),
    exemptRelations: policy.exempt_relations.join(', '),
  };
}

/** Relations separated by commas, spaces or new lines. */
export function parseRelationList(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/**
 * The body for POST /v1/decay/policies or PUT /v1/decay/policies/:id. Only the duration of the
 * chosen mode is sent; an unreadable number is sent as-is (NaN → null, text → the text) so the
 * API's message names the field.
 */
export function formToPolicyInput(values: PolicyFormValues): DecayPolicyInput {
  const minText = values.minConfidence.trim();
  const minConfidence = minText === '' ? 0 : Number(minText);
  return {
    id: values.id.trim(),
    relation: values.relation.trim(),
    scope: values.scope as DecayPolicyInput['scope'],
    mode: values.mode,
    ttl_s: values.mode === 'retract' ? toSeconds(values.ttlAmount, values.ttlUnit) : null,
    half_life_s: values.mode === 'confidence' ? toSeconds(values.halfLifeAmount, values.halfLifeUnit) : null,
    min_confidence: Number.isFinite(minConfidence) ? minConfidence : (minText as unknown as number),
    exempt_relations: parseRelationList(values.exemptRelations),
  };
}
