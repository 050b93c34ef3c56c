import { describe, expect, it } from 'vitest';
import type { FactRecord } from '../facts/fact-record';
import { DEFAULT_WEIGHTS } from './recall-request';
import { packToBudget, RECENCY_HALF_LIFE_MS, scoreCandidates, tokenEstimate } from './score-recall';

const NOW = Date.UTC(2026, 10, 23);
const fact = (id: string, confidence: number, wall: number, v = 'value'): FactRecord => ({
  id, entity: 'stigmem://t/e', relation: 'memory:r', value: { type: 'string', v }, source: 's', timestamp: '2026-11-23T00:00:00Z',
  hlc: `${wall}.000`, valid_until: null, confidence, scope: 'local', contradicted: false, attested: null, write_mode: 'assert', derived_from: [], session_id: null,
});

describe('scoreCandidates', () => {
  it('weights the five signals, semantic always 0, lexical relative to the best hit', () => {
    const [best, neighbour] = scoreCandidates([
      { fact: fact('a', 0.5, NOW - RECENCY_HALF_LIFE_MS), rank: 0.2, hop: 0 },
      { fact: fact('b', 1, NOW), rank: 0, hop: 2 },
    ], DEFAULT_WEIGHTS, NOW);
    expect(best.score_breakdown).toEqual({ lexical: 1, semantic: 0, graph: 1, source_trust: 0.5, recency: 0.5, weighted_total: 0.575 });
    expect(neighbour.score_breakdown).toMatchObject({ lexical: 0, graph: 0.333333, source_trust: 1, recency: 1 });
    expect(best.score).toBe(best.score_breakdown.weighted_total);
    expect(neighbour.hop_distance).toBe(2);
  });
  it('follows the weights it is given', () => {
    const weights = { ...DEFAULT_WEIGHTS, lexical: 0, graph: 0, recency: 0, source_trust: 1 };
    const ordered = scoreCandidates([{ fact: fact('low', 0.3, NOW), rank: 1, hop: 0 }, { fact: fact('high', 0.9, NOW), rank: 0.1, hop: 0 }], weights, NOW);
    expect(ordered.map((s) => s.fact.id)).toEqual(['high', 'low']);
  });
});

describe('packToBudget', () => {
  it('takes the best that fit, skips one that does not, and reports truncation', () => {
    const scored = scoreCandidates([
      { fact: fact('big', 1, NOW, 'x'.repeat(200)), rank: 1, hop: 0 },
      { fact: fact('small', 1, NOW, 'y'), rank: 0.5, hop: 0 },
    ], DEFAULT_WEIGHTS, NOW);
    const small = tokenEstimate(fact('small', 1, NOW, 'y'));
    expect(packToBudget(scored, small)).toEqual({ facts: [scored[1]], tokensUsed: small, truncated: true });
    const all = packToBudget(scored, 10_000);
    expect(all.truncated).toBe(false);
    expect(all.facts).toHaveLength(2);
  });
  it('estimates 4 characters a token over entity, relation and value', () => {
    expect(tokenEstimate(fact('a', 1, NOW, 'abcd'))).toBe(Math.ceil('stigmem://t/e memory:r abcd'.length / 4));
  });
});
