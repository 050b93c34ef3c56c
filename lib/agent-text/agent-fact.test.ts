import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FactRecord } from '../facts/fact-record';
import { agentFact } from './agent-fact';
import { ANY_LINE_BREAK, hostileString } from './hostile-text.test-support';
import { inertLine } from '../text/inert-text.mjs';

const base: FactRecord = {
  id: 'f1', entity: 'stigmem://acme/user/alice', relation: 'memory:note', value: { type: 'text', v: 'plain' }, source: 'agent:planner',
  timestamp: '2026-11-26T00:00:00Z', hlc: '1795651200000.000', valid_until: null, confidence: 1, scope: 'team', contradicted: false,
  attested: null, write_mode: 'assert', derived_from: [], session_id: null,
};

describe('agentFact (recall)', () => {
  it('leaves an ordinary fact as it is, with empty warnings and sanitizer_redacted false', () => {
    expect(agentFact(base)).toEqual({ ...base, sanitizer_warnings: [], sanitizer_redacted: false });
  });

  it('names each change by field', () => {
    const fact = agentFact({ ...base, entity: 'e\u200b', value: { type: 'string', v: 'a\nb\u202e' } });
    expect(fact.entity).toBe('e');
    expect(fact.value).toEqual({ type: 'string', v: 'a⏎b' });
    expect(fact.sanitizer_warnings).toEqual(['entity:invisible_characters_removed', 'value:line_breaks_encoded', 'value:bidi_controls_removed']);
  });

  it('keeps numbers, booleans and nulls, and every text field inert whatever it holds', () => {
    expect(agentFact({ ...base, value: { type: 'number', v: 3 } }).value).toEqual({ type: 'number', v: 3 });
    expect(agentFact({ ...base, value: { type: 'null', v: null } }).value).toEqual({ type: 'null', v: null });
    fc.assert(
      fc.property(hostileString(), hostileString(), hostileString(), fc.constantFrom('string', 'text', 'ref', 'datetime'), (entity, relation, v, type) => {
        const fact = agentFact({ ...base, entity, relation, value: { type, v } as FactRecord['value'] });
        for (const text of [fact.entity, fact.relation, fact.source, String(fact.value.v)]) {
          expect(ANY_LINE_BREAK.test(text)).toBe(false);
          expect(inertLine(text).changes).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  }, 30_000);
});
