import { describe, expect, it } from 'vitest';
import { type DecayPolicy, matchPolicy, parseEnvPolicies, patternMatches, specificity } from './decay-policy';

const policy = (id: string, relation: string, scope = '*', extra: Partial<DecayPolicy> = {}): DecayPolicy => ({
  id,
  relation,
  scope,
  mode: 'retract',
  ttl_s: 60,
  half_life_s: null,
  min_confidence: 0,
  exempt_relations: [],
  source: 'database',
  ...extra,
});

describe('decay policy matching', () => {
  it('patterns: *, exact, prefix:*', () => {
    expect(patternMatches('*', 'memory:role')).toBe(true);
    expect(patternMatches('memory:role', 'memory:role')).toBe(true);
    expect(patternMatches('memory:role', 'memory:roles')).toBe(false);
    expect(patternMatches('memory:*', 'memory:role')).toBe(true);
    expect(patternMatches('memory:*', 'memoryx:role')).toBe(false);
  });

  it('most specific first: exact > longest prefix > *, exact scope breaks ties', () => {
    const all = [policy('star', '*'), policy('mem', 'memory:*'), policy('memsub', 'memory:sub:*'), policy('exact', 'memory:sub:x'), policy('star-company', '*', 'company')];
    expect(matchPolicy('memory:sub:x', 'company', all)?.id).toBe('exact');
    expect(matchPolicy('memory:sub:y', 'company', all)?.id).toBe('memsub');
    expect(matchPolicy('memory:role', 'company', all)?.id).toBe('mem');
    expect(matchPolicy('roadmap:status', 'company', all)?.id).toBe('star-company');
    expect(matchPolicy('roadmap:status', 'team', all)?.id).toBe('star');
    expect(specificity(policy('a', 'memory:*', 'team'))).toBeGreaterThan(specificity(policy('b', 'memory:*')));
    expect(specificity(policy('a', 'x:*', '*'))).toBeGreaterThan(specificity(policy('b', '*', 'team')));
  });

  it('a policy in another scope never matches; no policy → null', () => {
    expect(matchPolicy('memory:role', 'team', [policy('p', 'memory:*', 'company')])).toBeNull();
    expect(matchPolicy('memory:role', 'team', [])).toBeNull();
  });

  it('stigmem: and rel: are always exempt; exempt_relations remove a relation from a policy, letting a broader one match', () => {
    const all = [policy('star', '*'), policy('mem', 'memory:*', '*', { exempt_relations: ['memory:pinned', 'memory:keep:*'] })];
    expect(matchPolicy('stigmem:received_from', 'company', all)).toBeNull();
    expect(matchPolicy('rel:parent', 'company', all)).toBeNull();
    expect(matchPolicy('memory:pinned', 'company', all)?.id).toBe('star');
    expect(matchPolicy('memory:keep:forever', 'company', all)?.id).toBe('star');
    expect(matchPolicy('memory:role', 'company', all)?.id).toBe('mem');
  });
});

describe('STIGMEM_DECAY_POLICIES', () => {
  it('parses the spec example', () => {
    const policies = parseEnvPolicies(
      JSON.stringify([
        { id: 'memory-context-decay', relation: 'memory:*', scope: 'company', mode: 'confidence', half_life_s: 604800, min_confidence: 0.1 },
        { id: 'stale-roadmap-retract', relation: 'roadmap:status', scope: 'company', mode: 'retract', ttl_s: 2592000 },
      ]),
    );
    expect(policies.map((p) => [p.id, p.source, p.exempt_relations])).toEqual([
      ['memory-context-decay', 'env', []],
      ['stale-roadmap-retract', 'env', []],
    ]);
    expect(parseEnvPolicies(undefined)).toEqual([]);
  });

  it.each([
    ['[{"id":"a","relation":"*","scope":"*","mode":"retract"}]', /policy 0 \("a"\), field ttl_s: mode "retract" needs ttl_s > 0/],
    ['[{"id":"ok","relation":"*","scope":"*","mode":"retract","ttl_s":5},{"id":"b","relation":"*","scope":"mars","mode":"retract","ttl_s":5}]', /policy 1 \("b"\), field scope/],
    ['[{"id":"a","relation":"*","scope":"*","mode":"confidence","half_life_s":-3}]', /field half_life_s/],
    ['[{"id":"a","relation":"*","scope":"*","mode":"retract","ttl_s":5},{"id":"a","relation":"*","scope":"*","mode":"retract","ttl_s":5}]', /policy 1 \("a"\), field id: duplicate/],
    ['{"id":"a"}', /must be a JSON array/],
    ['[{', /not valid JSON/],
  ])('names the bad policy and field: %s', (raw, message) => {
    expect(() => parseEnvPolicies(raw)).toThrow(message);
  });
});
