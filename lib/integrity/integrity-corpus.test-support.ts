import { readFileSync } from 'node:fs';
import path from 'node:path';

// The integrity corpora (test/fixtures/integrity/*.json), for the detectors' tests and the
// benchmark (scripts/bench/measure-integrity.ts). The demo corpus is not stored: it is the demo's
// knowledge base, generated in-process like `npm run demo` does.

const FIXTURES = path.resolve(__dirname, '../../test/fixtures/integrity');
const read = <T>(name: string): T => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as T;

export interface InjectionSample {
  kind: string;
  text: string;
  set: 'tuning' | 'holdout';
}
export interface BenignSample {
  topic: string;
  text: string;
  set: 'tuning' | 'holdout';
}
export interface SensitiveCorpus {
  positives: { format: string; text: string }[];
  negatives: { why: string; text: string }[];
}

export const injectionCorpus = () => read<{ samples: InjectionSample[] }>('injection-corpus.json').samples;
export const benignCorpus = () => read<{ samples: BenignSample[] }>('benign-corpus.json').samples;
export const sensitiveCorpus = () => read<SensitiveCorpus>('sensitive-corpus.json');
