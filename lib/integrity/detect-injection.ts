import { inertLine } from '../text/inert-text.mjs';
import { decodePayloads } from './decode-payloads';
import type { InjectionKind, InjectionRule } from './injection-rules';
import { LANGUAGE_GATES, LANGUAGE_RULES } from './injection-rules-languages';
import { inspectUrls } from './inspect-urls';
import { candidateRules } from './rule-triggers';
import { type DetectionText, joinSpacedLetters, leetspeakReadings, normalizeForDetection } from './normalize-for-detection';

// Is this text an instruction aimed at a model that later reads it (OWASP ASI06, issue 29)? A
// scored detector built from rules, lexicons and decoders that ship with the code — no model.
//   1. normalize: NFKC, hidden characters out (and noted), tag characters decoded, homoglyph words
//      folded, lowercase (normalize-for-detection.ts)
//   2. match the rules: English (injection-rules.ts; only those whose trigger words the text has,
//      rule-triggers.ts) and es fr de pt it zh ja ru (injection-rules-languages.ts, each gated by
//      its script or stems); a negatable rule right after a negation, and every English
//      rule in a text that talks about attacks without addressing anyone ("you"), count for less
//   3. read again what was hidden: leetspeak and spaced letters (when step 2 found nothing),
//      base64 / hex / escapes / percent / rot13 / reversed / concatenated payloads, URL parts,
//      tag-character payloads — each decoding that the rules catch adds its own signal
//   4. score = 1 − Π(1 − weight) over the distinct signals; flagged at score ≥ threshold
//      (default 0.5); severity error ≥ 0.85, warning ≥ 0.65, else info.
// Every signal names its kind, its rule and the evidence (inert, at most 80 characters), so a
// finding can say why.

export interface InjectionSignal {
  kind: InjectionKind;
  rule: string;
  weight: number;
  evidence: string;
}

export type InjectionSeverity = 'error' | 'warning' | 'info';

export interface InjectionVerdict {
  score: number;
  flagged: boolean;
  severity: InjectionSeverity | null;
  signals: InjectionSignal[];
}

export const DEFAULT_INJECTION_THRESHOLD = 0.5;
const NEGATION = /\b(?:not|never|n't|refus\w*|won't|cannot|must not|should not|without|block\w*|prevent\w*|detect\w*|forbid\w*)\b[^.]{0,30}$/;
const ABOUT_ATTACKS = /\b(?:prompt injection|injection attempts?|attacks?|red team|for example|an example|example attack|exercise|classic|our filter|(?:is|are|was|were) blocked|detection|detected|training|threat model)\b/;
const SECOND_PERSON = /\byou(?:r|rs)?\b/;

const evidence = (text: string) => inertLine(text.length > 80 ? `${text.slice(0, 77)}...` : text).text;

/** The rules that match `text` (already normalized), each weighed in its context. */
function matchRules(text: string, prefix = ''): InjectionSignal[] {
  const signals: InjectionSignal[] = [];
  const languages = Object.keys(LANGUAGE_GATES).filter((code) => LANGUAGE_GATES[code].test(text));
  const english = candidateRules(text);
  const rules = languages.length ? [...english, ...LANGUAGE_RULES.filter((r) => languages.some((code) => r.id.endsWith(`_${code}`)))] : english;
  let meta: boolean | undefined;
  for (const rule of rules) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    meta ??= ABOUT_ATTACKS.test(text) && !SECOND_PERSON.test(text);
    signals.push({ kind: rule.kind, rule: `${prefix}${rule.id}`, weight: weighInContext(rule, text, match.index, meta), evidence: evidence(match[0]) });
  }
  return signals;
}

function weighInContext(rule: InjectionRule, text: string, at: number, meta: boolean): number {
  let weight = rule.weight;
  if (rule.negatable && NEGATION.test(text.slice(Math.max(0, at - 40), at))) weight *= 0.35;
  if (meta && rule.kind !== 'foreign_language') weight *= 0.5;
  return weight;
}

/** Signals of a decoded text, and the decoder's own signal when the rules catch something in it. */
function readDecoded(kind: InjectionKind, decoder: string, weight: number, text: string): InjectionSignal[] {
  const found = matchRules(normalizeForDetection(text).text, `${decoder}:`);
  return found.length ? [{ kind, rule: decoder, weight, evidence: evidence(text) }, ...found] : [];
}

function obfuscationSignals(raw: string, normalized: DetectionText, plainFound: boolean): InjectionSignal[] {
  const signals: InjectionSignal[] = [];
  if (normalized.hiddenInsideWords) signals.push({ kind: 'obfuscation', rule: 'zero_width_split', weight: 0.45, evidence: `${normalized.hiddenInsideWords} hidden character(s) inside words` });
  if (normalized.tagPayload) signals.push({ kind: 'obfuscation', rule: 'tag_smuggling', weight: 0.7, evidence: evidence(normalized.tagPayload) }, ...matchRules(normalizeForDetection(normalized.tagPayload).text, 'tags:'));
  if (normalized.mixedScriptWords.length) signals.push({ kind: 'obfuscation', rule: 'mixed_script_words', weight: 0.45, evidence: evidence(normalized.mixedScriptWords.slice(0, 4).join(' ')) });
  if (normalized.bidiControls) signals.push({ kind: 'obfuscation', rule: 'bidi_controls', weight: 0.3, evidence: 'bidi override or isolate characters' });
  if (normalized.compatibilityLetters && plainFound) signals.push({ kind: 'obfuscation', rule: 'compatibility_letters', weight: 0.2, evidence: 'full-width or mathematical letters' });
  if (!plainFound) {
    const readings = [...(leetspeakReadings(normalized.text) ?? []).map((text) => ({ rule: 'leetspeak', text })), ...[joinSpacedLetters(normalized.text)].flatMap((text) => (text ? [{ rule: 'spaced_letters', text }] : []))];
    for (const reading of readings) {
      const found = matchRules(reading.text, `${reading.rule}:`);
      if (found.length) signals.push({ kind: 'obfuscation', rule: reading.rule, weight: 0.35, evidence: evidence(raw) }, ...found);
    }
  }
  for (const payload of decodePayloads(raw)) {
    const found = readDecoded('obfuscation', `${payload.decoder}_payload`, 0.5, payload.text);
    if (found.length) signals.push(...found);
    else if (['base64', 'hex', 'escapes', 'percent'].includes(payload.decoder) && /\s\S+\s\S+\s/.test(payload.text)) signals.push({ kind: 'obfuscation', rule: 'encoded_text', weight: 0.15, evidence: evidence(payload.text) });
  }
  return signals;
}

function urlSignals(raw: string): InjectionSignal[] {
  const { findings, texts } = inspectUrls(raw);
  const signals: InjectionSignal[] = findings.map((f) => ({ kind: 'url_payload', rule: f.rule, weight: f.weight, evidence: evidence(f.evidence) }));
  for (const { url, text } of texts) {
    const found = matchRules(normalizeForDetection(text).text, 'url:');
    if (found.length) signals.push({ kind: 'url_payload', rule: 'instruction_in_url', weight: 0.6, evidence: evidence(url) }, ...found);
  }
  return signals;
}

/** The strongest signal of each rule, strongest first. */
function distinct(signals: InjectionSignal[]): InjectionSignal[] {
  const byRule = new Map<string, InjectionSignal>();
  for (const s of signals) if ((byRule.get(s.rule)?.weight ?? -1) < s.weight) byRule.set(s.rule, s);
  return [...byRule.values()].sort((a, b) => b.weight - a.weight || a.rule.localeCompare(b.rule));
}

export function severityOf(score: number): InjectionSeverity {
  return score >= 0.85 ? 'error' : score >= 0.65 ? 'warning' : 'info';
}

export function detectInjection(raw: string, options: { threshold?: number } = {}): InjectionVerdict {
  const threshold = options.threshold ?? DEFAULT_INJECTION_THRESHOLD;
  const normalized = normalizeForDetection(raw);
  const plain = matchRules(normalized.text);
  const signals = distinct([...plain, ...obfuscationSignals(raw, normalized, plain.length > 0), ...urlSignals(raw)]);
  const score = Math.round((1 - signals.reduce((rest, s) => rest * (1 - s.weight), 1)) * 1000) / 1000;
  const flagged = signals.length > 0 && score >= threshold;
  return { score, flagged, severity: flagged ? severityOf(score) : null, signals };
}
