import { describe, expect, it } from 'vitest';
import { renderContextBlock } from '@/lib/context/render-context';
import { inlineText, parseInline, parseMarkdown } from './render-markdown';

describe('parseInline', () => {
  it('reads bold, code and emphasis as in a Spec-19 fact line', () => {
    expect(parseInline('**memory:role** on `stigmem://acme/user/alice`: CTO _(confidence: 0.80)_')).toEqual([
      { kind: 'strong', text: 'memory:role' },
      { kind: 'text', text: ' on ' },
      { kind: 'code', text: 'stigmem://acme/user/alice' },
      { kind: 'text', text: ': CTO ' },
      { kind: 'em', text: '(confidence: 0.80)' },
    ]);
  });

  it('keeps identifiers verbatim: underscores inside words and code are not emphasis', () => {
    expect(parseInline('**memory:last_seen_at** on `agent_one_two`: snake_case_value')).toEqual([
      { kind: 'strong', text: 'memory:last_seen_at' },
      { kind: 'text', text: ' on ' },
      { kind: 'code', text: 'agent_one_two' },
      { kind: 'text', text: ': snake_case_value' },
    ]);
  });

  it('leaves unmatched markers as text', () => {
    expect(parseInline('a ** b ` c _d')).toEqual([{ kind: 'text', text: 'a ** b ` c _d' }]);
  });

  it('never produces markup from HTML: tags stay text', () => {
    const inlines = parseInline('<img src=x onerror=alert(1)> **<b>bold</b>**');
    expect(inlines.map((i) => i.kind)).toEqual(['text', 'strong']);
    expect(inlineText(inlines)).toBe('<img src=x onerror=alert(1)> <b>bold</b>');
  });
});

describe('parseMarkdown', () => {
  it('reads the context block renderer output: heading, namespace headings, bullet lists', () => {
    const summary = renderContextBlock('company', [
      { entity: 'stigmem://acme/user/alice', relation: 'memory:role', value: { type: 'string', v: 'CTO' }, confidence: 1, hlc: '1714658400000.000' },
      { entity: 'stigmem://acme/user/bob', relation: 'memory:role', value: { type: 'null', v: null }, confidence: 0.5, hlc: '1714658400001.000' },
      { entity: 'project:x', relation: 'intent:goal', value: { type: 'text', v: 'ship <v2>' }, confidence: 0.9 },
    ]);
    const blocks = parseMarkdown(summary);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'heading', 'list', 'heading', 'list']);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 2, inlines: [{ kind: 'text', text: 'Stigmem context - company' }] });
    expect(blocks[1]).toEqual({ kind: 'heading', level: 3, inlines: [{ kind: 'text', text: 'intent' }] });
    const intent = blocks[2];
    expect(intent.kind === 'list' && inlineText(intent.items[0])).toBe('intent:goal on project:x: ship <v2> (confidence: 0.90)');
    const memory = blocks[4];
    expect(memory.kind === 'list' && memory.items.map(inlineText)).toEqual([
      'memory:role on stigmem://acme/user/alice: CTO',
      'memory:role on stigmem://acme/user/bob: (null) (confidence: 0.50)',
    ]);
  });

  it('reads nothing from an empty block (Spec-19 omits it)', () => {
    expect(parseMarkdown('')).toEqual([]);
    expect(parseMarkdown(renderContextBlock('x', []))).toEqual([]);
  });

  it('joins paragraph lines and bullet continuation lines, and handles CRLF', () => {
    expect(parseMarkdown('one\r\ntwo\r\n\r\n- **a**\r\n  more\r\n- b')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'one two' }] },
      {
        kind: 'list',
        items: [
          [
            { kind: 'strong', text: 'a' },
            { kind: 'text', text: ' more' },
          ],
          [{ kind: 'text', text: 'b' }],
        ],
      },
    ]);
  });

  it('treats a heading marker without a space as text', () => {
    expect(parseMarkdown('#hashtag')).toEqual([{ kind: 'paragraph', inlines: [{ kind: 'text', text: '#hashtag' }] }]);
  });
});
