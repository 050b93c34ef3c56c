import type { FactValue } from '../facts/fact-value';
import { factValueText } from '../facts/view/fact-value-text';
import { mdIdentifier, mdText } from '../agent-text/markdown-slots';

// A memory card's `summary`: the entity, then one line per live relation (the synthesis winner),
//
//   Entity: {entity}
//   - {relation}: {value} (confidence 0.90)[ (contradicted: another live value exists)]
//
// Pure, and every string from a fact fills its slot through lib/agent-text (the structural
// channel): the renderer writes every line start, so a value, relation or entity never begins a
// line, a heading, a list item or a role turn of its own ("user:alice" alone on the first line
// would read as a turn marker).

export interface CardLine {
  relation: string;
  value: FactValue;
  confidence: number;
  contradicted: boolean;
}

export function renderCardSummary(entity: string, lines: CardLine[]): string {
  const items = lines.map((line) => {
    const flag = line.contradicted ? ' (contradicted: another live value exists)' : '';
    return `- ${mdIdentifier(line.relation, { lineStart: true })}: ${mdText(factValueText(line.value))} (confidence ${line.confidence.toFixed(2)})${flag}`;
  });
  return [`Entity: ${mdIdentifier(entity)}`, ...items].join('\n');
}
