import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { inertLine } from '../text/inert-text.mjs';
import { ANY_LINE_BREAK, hostileString, ISSUE_FORGERIES } from '../agent-text/hostile-text.test-support';
import { type CardLine, renderCardSummary } from './render-card-summary';

const markdown = new MarkdownIt({ html: true });
const runs = Number(process.env.FUZZ_RUNS ?? 1);
const inert = (s: string) => inertLine(s).text;
const line = (relation: string, v: string, extra: Partial<CardLine> = {}): CardLine => ({ relation, value: { type: 'text', v }, confidence: 0.9, contradicted: false, ...extra });

describe('memory card summary', () => {
  it('lists the entity and one line per relation', () => {
    expect(renderCardSummary('stigmem://acme/user/alice', [line('memory:role', 'CTO'), line('memory:team', 'core', { confidence: 0.5, contradicted: true })])).toBe(
      'Entity: stigmem://acme/user/alice\n- memory:role: CTO (confidence 0.90)\n- memory:team: core (confidence 0.50) (contradicted: another live value exists)',
    );
  });

  it('keeps the renderer\'s lines and one list item per relation, whatever the strings', () => {
    fc.assert(
      fc.property(hostileString(4), fc.array(fc.record({ relation: hostileString(4), v: hostileString() }), { minLength: 1, maxLength: 5 }), (entity, raw) => {
        const summary = renderCardSummary(entity, raw.map((r) => line(r.relation, r.v)));
        const lines = summary.split('\n');
        expect(lines.every((l) => !ANY_LINE_BREAK.test(l) && inertLine(l).changes.length === 0)).toBe(true);
        expect(lines[0].startsWith('Entity: ')).toBe(true);
        expect(lines.slice(1).every((l) => l.startsWith('- '))).toBe(true);
        expect(lines).toHaveLength(raw.length + 1);
        const tokens = markdown.parse(summary, {});
        const shape = tokens.map((t) => t.type);
        const item = ['list_item_open', 'paragraph_open', 'inline', 'paragraph_close', 'list_item_close'];
        expect(shape).toEqual(['paragraph_open', 'inline', 'paragraph_close', 'bullet_list_open', ...raw.flatMap(() => item), 'bullet_list_close']);
        const inlines = tokens.filter((t) => t.type === 'inline').flatMap((t) => t.children ?? []);
        expect(inlines.filter((c) => ['html_inline', 'link_open', 'image', 'softbreak', 'hardbreak', 'code_inline'].includes(c.type))).toEqual([]);
      }),
      { numRuns: 300 * runs },
    );
  }, 20_000 * runs);

  it('reads each value back as its own text', () => {
    fc.assert(
      fc.property(fc.array(hostileString(), { minLength: 1, maxLength: 4 }), (values) => {
        const tokens = markdown.parse(renderCardSummary('stigmem://acme/user/alice', values.map((v, i) => line(`memory:r${i}`, v))), {});
        const items = tokens.filter((t, i) => t.type === 'inline' && tokens[i - 1]?.type === 'paragraph_open' && tokens[i - 2]?.type === 'list_item_open');
        items.forEach((item, i) => {
          expect(item.children!.map((c) => c.type).filter((t) => t !== 'text')).toEqual([]);
          expect(item.content.length > 0 && item.children!.map((c) => c.content).join('')).toBe(`memory:r${i}: ${inert(values[i])} (confidence 0.90)`);
        });
      }),
      { numRuns: 300 * runs },
    );
  }, 20_000 * runs);

  it('keeps a role marker or a Markdown block start in the entity or relation off the line start', () => {
    expect(renderCardSummary('user:alice', [line('>', 'x'), line('#', 'y'), line('```', 'z')]).split('\n')).toEqual([
      'Entity: user:alice',
      '- \\>: x (confidence 0.90)',
      '- \\#: y (confidence 0.90)',
      '- \\`\\`\\`: z (confidence 0.90)',
    ]);
    expect(renderCardSummary('e', [line('memory:note', ISSUE_FORGERIES.heading)]).split('\n')).toHaveLength(2);
  });
});
