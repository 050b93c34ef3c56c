import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../e2e/support/csv';
import { csvCell, csvRow, isFormulaLike } from './csv';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    [' padded ', '" padded "'],
    ['', ''],
    ['a-b', 'a-b'],
    ['user@example.org', 'user@example.org'],
    ['1,5', '"1,5"'],
  ])('%j is written as %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  // OWASP CSV injection: each of these would run as a formula in some spreadsheet.
  it.each([
    ['=SUM(A1:A9)', `"'=SUM(A1:A9)"`],
    ['+1', `"'+1"`],
    ['-x', `"'-x"`],
    ['@cmd', `"'@cmd"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['=a,b', `"'=a,b"`],
    // After leading whitespace or line breaks, which a spreadsheet skips.
    [' =1+1', `"' =1+1"`],
    ['\n=1+1', `"'\n=1+1"`],
    ['\r\n  @SUM(1)', `"'\r\n  @SUM(1)"`],
    ['\u3000=1', `"'\u3000=1"`],
    // Full-width and small forms, which Excel reads as the signs themselves.
    ['＝1+1', `"'＝1+1"`],
    ['＋1', `"'＋1"`],
    ['－1', `"'－1"`],
    ['＠SUM(1)', `"'＠SUM(1)"`],
    ['﹦1', `"'﹦1"`],
    // A separator and then a sign: a formula once the cell is split there (Excel with ";" as separator).
    ['a;=HYPERLINK("http://x")', `"'a;=HYPERLINK(""http://x"")"`],
    ['a,=1+1', `"'a,=1+1"`],
    ['a; =1', `"'a; =1"`],
    ['a;"=1', `"'a;""=1"`],
    ['a;＝1', `"'a;＝1"`],
    ['x;-2', `"'x;-2"`],
  ])('%j is neutralised as %j', (input, output) => {
    expect(isFormulaLike(input)).toBe(true);
    expect(csvCell(input)).toBe(output);
  });

  it('writes numbers (negative ones too), booleans and missing values without quotes', () => {
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends a row with CRLF', () => {
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('round-trips any text through an RFC 4180 reader, a neutralised cell with one leading apostrophe more', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', ',', ';', '"', "'", '\r', '\n', '\t', '=', '+', '-', '@', '＝', '\u3000'), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (cells) => {
        const [row] = parseCsv(csvRow(cells));
        expect(row).toEqual(cells.map((cell) => (isFormulaLike(cell) ? `'${cell}` : cell)));
        // Nothing comes back that a spreadsheet would run, except behind that apostrophe.
        for (const cell of row) expect(cell.startsWith("'") || !isFormulaLike(cell)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
