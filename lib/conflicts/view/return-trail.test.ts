import { describe, expect, it } from 'vitest';
import { conflictHref } from './conflict-href';
import { parseReturnTrail } from './return-trail';

const id = 'stigmem:contradiction:0b7c1c9e-5f3a-4d4e-9a57-1f2e3d4c5b6a';

describe('parseReturnTrail', () => {
  it('takes a scope findings path with its filters, or the queue', () => {
    expect(parseReturnTrail({ from: '/scopes/team?check=contradiction&page=2', next: id })).toEqual({
      from: '/scopes/team?check=contradiction&page=2',
      label: 'Back to findings',
      findingsScope: 'team',
      next: id,
    });
    expect(parseReturnTrail({ from: '/conflicts?status=unresolved&sort=triple' })).toMatchObject({ label: 'Back to the queue', findingsScope: null, next: null });
  });

  it.each([
    ['another site', 'https://evil.example/scopes/team'],
    ['a protocol-relative URL', '//evil.example/scopes/team'],
    ['a backslash trick', '/\\evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['another page of the site', '/keys'],
    ['a deeper scope path', '/scopes/team/history'],
    ['javascript:', 'javascript:alert(1)'],
  ])('refuses %s', (_name, from) => {
    expect(parseReturnTrail({ from })).toBeNull();
  });

  it('drops a next that is not a contradiction or conflict id', () => {
    expect(parseReturnTrail({ from: '/scopes/team', next: '/keys' })?.next).toBeNull();
  });

  it('round-trips through conflictHref', () => {
    const href = conflictHref(id, 'resolved', { from: '/scopes/team?check=contradiction&page=2', next: id });
    const params = Object.fromEntries(new URL(href, 'http://x').searchParams);
    expect(parseReturnTrail(params)).toMatchObject({ from: '/scopes/team?check=contradiction&page=2', next: id });
  });
});
