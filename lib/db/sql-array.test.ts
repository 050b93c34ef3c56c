import { describe, expect, it } from 'vitest';
import { sqlArray } from './sql-array';

// What the database reads back is tested on both engines in test/http/sql-array.test.ts.
describe('sqlArray', () => {
  it('quotes every element, escapes quotes and backslashes, and writes null as NULL', () => {
    expect(sqlArray(['a', 'NULL', 'say "hi"', 'back\\slash', '', null, undefined])).toBe('{"a","NULL","say \\"hi\\"","back\\\\slash","",NULL,NULL}');
  });

  it('writes numbers and booleans as their text', () => {
    expect(sqlArray([0.1, 1795706863489, -3, true, false])).toBe('{"0.1","1795706863489","-3","true","false"}');
  });

  it('an empty array is {}', () => {
    expect(sqlArray([])).toBe('{}');
  });
});
