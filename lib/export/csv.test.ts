import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    [' padded ', '" padded "'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-x', "'-x"],
    ['@cmd', "'@cmd"],
    ['=a,b', `"'=a,b"`],
    ['', ''],
  ])('%j is written as %j', (input, output) => {
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
});
