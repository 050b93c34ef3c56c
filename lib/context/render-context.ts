import type { FactRecord } from '../facts/fact-record';
import type { FactValue } from '../facts/fact-value';
import { factValueText } from '../facts/view/fact-value-text';
import { mdCode, mdIdentifier, mdText } from '../agent-text/markdown-slots';
import { compareHlc, parseHlc } from '../time/hlc';

// Spec-19 context injection: facts grouped by relation namespace, rendered as a concise Markdown
// block. Pure, so the HTTP context endpoint, the MCP get_context tool and the middleware adapter
// all render exactly the same text.
//
//   ## Stigmem context - {user_entity}
//
//   ### {namespace}
//   - **{relation}** on `{entity}`: {value_str}[ _(confidence: {confidence:.2f})_]
//
// Rules: omit the whole block when there are no facts; identifiers verbatim; null as "(null)";
// confidence only below 1.0, two decimals; descending confidence, then descending HLC.
// Every string from a fact fills its slot through lib/agent-text (the structural channel): the
// renderer writes every line and every line start, and a value stays text inside its own line.

export interface ContextFact {
  entity: string;
  relation: string;
  value: FactValue;
  confidence: number;
  hlc?: string | null;
}

/** "memory:role" → "memory"; a relation without a namespace is its own group. */
export function namespaceOf(relation: string): string {
  const colon = relation.indexOf(':');
  return colon > 0 ? relation.slice(0, colon) : relation;
}

/** Descending confidence, then descending HLC where available (facts without one sort last). */
export function compareForContext(a: ContextFact, b: ContextFact): number {
  if (b.confidence !== a.confidence) return b.confidence - a.confidence;
  const ha = a.hlc ? parseHlc(a.hlc) : null;
  const hb = b.hlc ? parseHlc(b.hlc) : null;
  if (ha && hb) return compareHlc(hb, ha);
  return ha ? -1 : hb ? 1 : 0;
}

export function renderFactLine(fact: ContextFact): string {
  const confidence = fact.confidence < 1 ? ` _(confidence: ${fact.confidence.toFixed(2)})_` : '';
  return `- **${mdIdentifier(fact.relation)}** on ${mdCode(fact.entity)}: ${mdText(factValueText(fact.value))}${confidence}`;
}

export function renderContextBlock(subject: string, facts: ContextFact[]): string {
  if (!facts.length) return '';
  const groups = new Map<string, ContextFact[]>();
  for (const fact of facts) {
    const ns = namespaceOf(fact.relation);
    groups.set(ns, [...(groups.get(ns) ?? []), fact]);
  }
  const sections = [...groups.keys()]
    .sort()
    .map((ns) => [`### ${mdIdentifier(ns, { heading: true })}`, ...groups.get(ns)!.sort(compareForContext).map(renderFactLine)].join('\n'));
  return `## Stigmem context - ${mdText(subject, { heading: true })}\n\n${sections.join('\n\n')}\n`;
}

/** What an agent receives at boot (Spec-19): the facts, and the Markdown block rendered from them. */
export interface BootContext {
  facts: FactRecord[];
  summary: string;
}
