import type { FactRecord } from '../facts/fact-record';
import type { FactValue } from '../facts/fact-value';
import { type InertChange, inertLine } from '../text/inert-text.mjs';

// A fact as recall hands it to an agent (the reference node's FactRecord sanitizer fields): its
// text fields — entity, relation, source and a string-bearing value (string, text, ref, datetime) —
// made inert by the structural channel (line breaks shown as "⏎", hidden characters removed;
// inert-text.mjs), with `sanitizer_warnings` naming each change as "<field>:<change>"
// ("value:line_breaks_encoded") and `sanitizer_redacted` false: this node never withholds a
// value. No Markdown escaping here: JSON is not Markdown, and the caller decides where the text
// goes. The stored fact is unchanged (GET /v1/facts/{id} returns it as written).

export interface AgentFactRecord extends FactRecord {
  sanitizer_warnings: `${'entity' | 'relation' | 'source' | 'value'}:${InertChange}`[];
  sanitizer_redacted: false;
}

export function agentFact(fact: FactRecord): AgentFactRecord {
  const warnings: AgentFactRecord['sanitizer_warnings'] = [];
  const field = (name: 'entity' | 'relation' | 'source' | 'value', text: string) => {
    const inert = inertLine(text);
    for (const change of inert.changes) warnings.push(`${name}:${change}`);
    return inert.text;
  };
  const entity = field('entity', fact.entity);
  const relation = field('relation', fact.relation);
  const source = field('source', fact.source);
  const value: FactValue = typeof fact.value.v === 'string' ? ({ ...fact.value, v: field('value', fact.value.v) } as FactValue) : fact.value;
  return { ...fact, entity, relation, source, value, sanitizer_warnings: warnings, sanitizer_redacted: false };
}
