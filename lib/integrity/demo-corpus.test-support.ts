import { generateKnowledgeBase } from '../seed/generate-knowledge-base';
import { factValueText } from '../facts/view/fact-value-text';

// The demo's knowledge base as text values: what `npm run demo` seeds (20,000 facts, seed 42,
// lib/seed via scripts/demo.ts), generated in-process, every value but nulls. The detectors must
// leave it alone (issue 29: at most 0.5 % flagged), and the benchmark times them on it.

export const DEMO_FACTS = 20_000;
export const DEMO_SEED = 42;

export function demoValues(now = new Date()): string[] {
  const values: string[] = [];
  for (const fact of generateKnowledgeBase({ facts: DEMO_FACTS, seed: DEMO_SEED, now })) {
    if (fact.input.value.type !== 'null') values.push(factValueText(fact.input.value));
  }
  return values;
}
