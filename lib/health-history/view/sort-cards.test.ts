import { describe, expect, it } from 'vitest';
import type { CardHealth, OverviewHealth } from '../overview-health';
import type { FactScope } from '../../facts/scope';
import { sortWorstFirst } from './sort-cards';

const card = (scope: FactScope, score: number, error = 0, warning = 1): OverviewHealth => ({
  source: 'live',
  health: { scope, score, findings: { error, warning, info: 0 } } as CardHealth,
});

describe('sortWorstFirst', () => {
  it('puts the lowest score first, ties by name, unchecked scopes last', () => {
    const sorted = sortWorstFirst([card('public', 94), { source: 'none', scope: 'company', threshold: 10 }, card('team', 80), card('local', 94), card('company', 91)]);
    expect(sorted.map((c) => (c.source === 'none' ? `${c.scope}?` : `${c.health.scope} ${c.health.score}`))).toEqual(['team 80', 'company 91', 'local 94', 'public 94', 'company?']);
  });

  it('a score of 100 held up by an error is fair, before a good 96', () => {
    const sorted = sortWorstFirst([card('local', 96), card('team', 100, 1)]);
    expect(sorted.map((c) => c.source !== 'none' && c.health.scope)).toEqual(['team', 'local']);
  });
});
