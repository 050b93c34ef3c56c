import { describe, expect, it } from 'vitest';
import { decayPolicySchema, type DecayPolicy } from '@/lib/decay/decay-policy';
import { EMPTY_POLICY_FORM, formToPolicyInput, parseRelationList, policyToForm } from './policy-form';

const stored: DecayPolicy = {
  id: 'memory-context-decay',
  relation: 'memory:*',
  scope: 'company',
  mode: 'confidence',
  ttl_s: null,
  half_life_s: 604_800,
  min_confidence: 0.1,
  exempt_relations: ['memory:pinned', 'memory:identity'],
  source: 'database',
};

describe('policy form', () => {
  it('round-trips a stored policy into the API body', () => {
    const body = formToPolicyInput(policyToForm(stored));
    expect(body).toEqual({
      id: 'memory-context-decay',
      relation: 'memory:*',
      scope: 'company',
      mode: 'confidence',
      ttl_s: null,
      half_life_s: 604_800,
      min_confidence: 0.1,
      exempt_relations: ['memory:pinned', 'memory:identity'],
    });
    expect(decayPolicySchema.safeParse(body).success).toBe(true);
  });

  it('sends only the duration of the chosen mode, in seconds', () => {
    const body = formToPolicyInput({ ...EMPTY_POLICY_FORM, id: ' p1 ', relation: 'roadmap:status', mode: 'retract', ttlAmount: '2', ttlUnit: 'h' });
    expect(body).toMatchObject({ id: 'p1', mode: 'retract', ttl_s: 7_200, half_life_s: null, min_confidence: 0, exempt_relations: [] });
  });

  it('leaves validation to the API: an empty duration is sent as null', () => {
    const body = formToPolicyInput({ ...EMPTY_POLICY_FORM, id: 'p2', relation: '*', ttlAmount: '' });
    expect(body.ttl_s).toBeNull();
    const parsed = decayPolicySchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe('mode "retract" needs ttl_s > 0');
  });

  it('splits exemptions on commas, spaces and new lines, without duplicates', () => {
    expect(parseRelationList('a:b, c:*\n a:b  d')).toEqual(['a:b', 'c:*', 'd']);
    expect(parseRelationList('  ')).toEqual([]);
  });
});
