import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-return-path';

describe('safeReturnPath', () => {
  it.each(['/', '/keys', '/scopes/team?check=stale&sort=age', '/entities/stigmem%3A%2F%2Fx', '/conflicts#queue'])('keeps the same-site path %j', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['the issue’s redirect: a tab between the slashes', '/\t/evil.example'],
    ['a line feed between the slashes', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a control character further on', '/keys\u0000'],
    ['a C1 control character', '/keys\u0085/x'],
    ['DEL', '/\u007f/evil.example'],
    ['a protocol-relative URL', '//evil.example'],
    ['two slashes further on', '/a//evil.example'],
    ['a backslash', '/\\evil.example'],
    ['a backslash further on', '/a\\..\\\\evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['an absolute URL', 'https://evil.example/'],
    ['a relative path', 'keys'],
    ['nothing', ''],
    ['something very long', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, path) => {
    expect(safeReturnPath(path)).toBe('/');
  });

  it('takes the first of repeated parameters and refuses a missing one', () => {
    expect(safeReturnPath(['/keys', '//evil.example'])).toBe('/keys');
    expect(safeReturnPath(undefined)).toBe('/');
  });
});
