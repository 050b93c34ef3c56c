import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentJson, inertLine } from './inert-text.mjs';
import { ANY_LINE_BREAK, HIDDEN_CHARACTERS, hostileString, LINE_BREAKS } from '../agent-text/hostile-text.test-support';

describe('inertLine', () => {
  it('leaves ordinary text alone and reports nothing', () => {
    for (const text of ['CTO', 'tab\tseparated', 'Zürich — 東京 ❤️ 👩‍💻'.replace('\u200d', ''), 'a < b & c']) expect(inertLine(text)).toEqual({ text, changes: [] });
  });

  it('shows every Unicode line break as one ⏎ (CR LF counts once)', () => {
    for (const br of LINE_BREAKS) expect(inertLine(`a${br}b`)).toEqual({ text: 'a⏎b', changes: ['line_breaks_encoded'] });
    expect(inertLine('a\r\n\r\nb').text).toBe('a⏎⏎b');
  });

  it('removes hidden characters and names each kind once, in order', () => {
    expect(inertLine('ig\u200bno\u200bre\u202eevil\u{e0041}\u{e0042}')).toEqual({ text: 'ignoreevil', changes: ['invisible_characters_removed', 'bidi_controls_removed', 'tag_characters_removed'] });
    expect(inertLine('\x1b[31m\x7fred\u0600')).toEqual({ text: '[31mred', changes: ['control_characters_removed', 'format_characters_removed'] });
    expect(inertLine('x\ud800')).toEqual({ text: 'x\ufffd', changes: ['invalid_surrogates_replaced'] });
    for (const hidden of HIDDEN_CHARACTERS) expect(inertLine(`a${hidden}b`).changes, JSON.stringify(hidden)).not.toEqual([]);
  });

  it('keeps one presentation selector after a visible character, not a run of selectors', () => {
    expect(inertLine('❤\ufe0f').text).toBe('❤\ufe0f');
    expect(inertLine('❤\ufe0f\ufe0f\u{e0100}\u{e0101}')).toEqual({ text: '❤\ufe0f', changes: ['variation_selectors_removed'] });
    expect(inertLine('\ufe0fx').text).toBe('x');
  });

  it('never leaves a line break or a hidden character, whatever the input', () => {
    fc.assert(
      fc.property(hostileString(12), (text) => {
        const once = inertLine(text).text;
        expect(ANY_LINE_BREAK.test(once)).toBe(false);
        expect(inertLine(once)).toEqual({ text: once, changes: [] });
      }),
      { numRuns: 500 },
    );
  }, 30_000);
});

describe('agentJson', () => {
  it('is JSON.stringify for ordinary values', () => {
    const value = { a: 'CTO', b: [1, true, null], c: 'line\nbreak' };
    expect(agentJson(value)).toBe(JSON.stringify(value));
  });

  it('writes what inertLine would change as \\u escapes, and parses back to the same value', () => {
    fc.assert(
      fc.property(fc.array(hostileString(8), { maxLength: 4 }), (texts) => {
        const json = agentJson({ texts });
        expect(JSON.parse(json)).toEqual({ texts });
        expect(ANY_LINE_BREAK.test(json)).toBe(false);
        expect(inertLine(json).changes).toEqual([]);
      }),
      { numRuns: 500 },
    );
    expect(agentJson('a\u2028b\u200bc\u{e0041}')).toBe('"a\\u2028b\\u200bc\\udb40\\udc41"');
  }, 30_000);
});
