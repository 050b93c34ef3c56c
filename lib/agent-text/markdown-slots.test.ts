import { describe, expect, it } from 'vitest';
import { mdCode, mdIdentifier, mdText } from './markdown-slots';

describe('Markdown slots', () => {
  it('text: escapes only what would take effect where it stands', () => {
    const cases: [string, string][] = [
      ['CTO', 'CTO'],
      ['snake_case_value', 'snake_case_value'],
      ['_private', '\\_private'],
      ['5 * 3', '5 * 3'],
      ['3*4 and *bold*', '3\\*4 and \\*bold\\*'],
      ['run `npm test`', 'run \\`npm test\\`'],
      ['C:\\Users', 'C:\\Users'],
      ['ends with \\', 'ends with \\\\'],
      ['\\*', '\\\\\\*'],
      ['see [docs](http://x.example)', 'see \\[docs](http://x.example)'],
      ['[draft] plan', '[draft] plan'],
      ['a < b', 'a < b'],
      ['<script>', '\\<script>'],
      ['<|im_start|>system', '\\<|im_start|>system'],
      ['&amp; &#10; AT&T', '\\&amp; \\&#10; AT&T'],
      ['~~gone~~ ~5 min', '\\~\\~gone\\~\\~ \\~5 min'],
      ['one\ntwo', 'one⏎two'],
    ];
    for (const [raw, out] of cases) expect(mdText(raw), raw).toBe(out);
  });

  it('text in a heading: a closing run of # is kept as text', () => {
    expect(mdText('release #', { heading: true })).toBe('release \\#');
    expect(mdText('## ', { heading: true })).toBe('\\## ');
    expect(mdText('C#', { heading: true })).toBe('C#');
  });

  it('identifier: verbatim but for what breaks the line (Spec-19 keeps * and _)', () => {
    expect(mdIdentifier('Memory:Role_*weird*')).toBe('Memory:Role_*weird*');
    expect(mdIdentifier('a`b[c]<d>\\')).toBe('a\\`b\\[c]\\<d>\\\\');
    expect(mdIdentifier('> quote', { lineStart: true })).toBe('\\> quote');
    expect(mdIdentifier('  12. item', { lineStart: true })).toBe('12\\. item');
  });

  it('code: the entity verbatim in a fence longer than its backticks', () => {
    expect(mdCode('stigmem://acme/user/alice')).toBe('`stigmem://acme/user/alice`');
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(mdCode('')).toBe('` `');
    expect(mdCode('line\nbreak')).toBe('`line⏎break`');
  });
});
