import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileString } from '../agent-text/hostile-text.test-support';
import { decodePayloads } from './decode-payloads';
import { demoValues } from '@/test/fixtures/integrity/demo-corpus';
import { ENGLISH_RULES } from './injection-rules';
import { urlTexts } from './inspect-urls';
import { benignCorpus, injectionCorpus } from './integrity-corpus.test-support';
import { joinSpacedLetters, leetspeakReadings, normalizeForDetection } from './normalize-for-detection';
import { candidateRules } from './rule-triggers';

// The triggers only ever skip rules that could not match: on every text the detector reads (the
// corpora, their decodings and second readings, the demo knowledge base, generated hostile text),
// each rule that matches is among the candidates.

/** Every text matchRules is given for one raw value. */
function readings(raw: string): string[] {
  const text = normalizeForDetection(raw).text;
  const urls = [...raw.matchAll(/\bhttps?:\/\/\S+/g)].flatMap((m) => urlTexts(m[0]));
  return [text, ...(leetspeakReadings(text) ?? []), joinSpacedLetters(text) ?? '', ...decodePayloads(raw).map((p) => p.text), ...urls].map((t) => normalizeForDetection(t).text);
}

function missedRules(raw: string): string[] {
  return readings(raw).flatMap((text) => {
    const candidates = new Set(candidateRules(text));
    return ENGLISH_RULES.filter((rule) => rule.pattern.test(text) && !candidates.has(rule)).map((rule) => `${rule.id} in ${JSON.stringify(text).slice(0, 80)}`);
  });
}

describe('rule triggers', () => {
  it('have an entry for every English rule', async () => {
    const source = (await import('node:fs')).readFileSync(new URL('./rule-triggers.ts', import.meta.url), 'utf8');
    for (const rule of ENGLISH_RULES) expect(source, rule.id).toContain(`  ${rule.id}: [`);
  });

  it('never skip a rule that matches, on the corpora and the demo knowledge base', () => {
    const texts = [...injectionCorpus(), ...benignCorpus()].map((s) => s.text).concat(demoValues(new Date('2026-11-26T00:00:00Z')).slice(0, 5_000));
    expect(texts.flatMap(missedRules)).toEqual([]);
  }, 60_000);

  it('never skip a rule that matches, on generated hostile text', () => {
    fc.assert(
      fc.property(hostileString(12), (raw) => {
        expect(missedRules(raw)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('wake few rules for ordinary values', () => {
    expect(candidateRules('berlin')).toEqual([]);
    expect(candidateRules('staff engineer').length).toBeLessThanOrEqual(1);
  });
});
