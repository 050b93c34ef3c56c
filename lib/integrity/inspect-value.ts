import { detectInjection } from './detect-injection';
import { detectSensitive } from './detect-sensitive';

// What the write path stores on a value head about its text (docs/decisions.md § Memory integrity):
// the injection score and, as `kind:detail` strings, the injection signals and the sensitive-data
// findings (masked: never the secret). Lint's `injection` and `sensitive` checks read those columns;
// they never run a detector over a scope. A value's text never changes under its hash, so a result is
// cached per hash, and a re-assertion costs a map lookup.

/**
 * Bumped when the detectors change what they find, together with a data migration that sets integrity_version to
 * NULL on the heads of older versions: the background pass (inspect-pending-heads.ts) then inspects them again.
 */
export const INTEGRITY_VERSION = 1;

export interface ValueIntegrity {
  /** Injection score, 0–1, rounded to three decimals; 0 when nothing looked like an instruction. */
  score: number;
  /** `injection:<kind>:<rule>` per distinct signal, then `credential:<format>:<masked>` / `personal_data:<format>:<masked>`. */
  flags: string[];
}

const CLEAN: ValueIntegrity = Object.freeze({ score: 0, flags: [] }) as ValueIntegrity;
/** Flags stored per value: enough to explain a finding, bounded whatever the text holds. */
const MAX_FLAGS = 12;
const CACHE_SIZE = 20_000;
const cache = new Map<string, ValueIntegrity>();

/** A fact value as the detectors see it (lib/facts/fact-value.ts's FactValue; not imported: lib/facts imports this folder). */
export interface InspectedValue {
  type: string;
  v?: unknown;
}

/** The text a detector reads: strings, texts and ref targets (an order can hide in a URL); none for the other types. */
export function inspectableText(value: InspectedValue): string | null {
  return (value.type === 'string' || value.type === 'text' || value.type === 'ref') && typeof value.v === 'string' ? value.v : null;
}

export function inspectValue(value: InspectedValue): ValueIntegrity {
  const text = inspectableText(value);
  if (!text) return CLEAN;
  const injection = detectInjection(text);
  const sensitive = detectSensitive(text);
  if (injection.score === 0 && !sensitive.length) return CLEAN;
  const flags = [...new Set(injection.signals.map((s) => `injection:${s.kind}:${s.rule}`))].slice(0, MAX_FLAGS / 2);
  for (const finding of sensitive) {
    const flag = `${finding.class}:${finding.format}:${finding.masked}`;
    if (!flags.includes(flag) && flags.length < MAX_FLAGS) flags.push(flag);
  }
  return { score: Math.round(injection.score * 1000) / 1000, flags };
}

/** inspectValue, remembered per value hash (the same text is inspected once per process, at most CACHE_SIZE kept). */
export function inspectValueOnce(hash: string, value: InspectedValue): ValueIntegrity {
  const known = cache.get(hash);
  if (known) return known;
  const result = inspectValue(value);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(hash, result);
  return result;
}

/** Forgets every remembered result: for the benchmark, whose runs must each inspect their values anew. */
export function forgetInspections(): void {
  cache.clear();
}

/** A stored flag read back: its class (injection, credential, personal_data), what (kind or format) and the detail (rule or masked form). */
export function parseFlag(flag: string): { class: string; what: string; detail: string } {
  const [cls, what, ...rest] = flag.split(':');
  return { class: cls, what: what ?? '', detail: rest.join(':') };
}
