import { expect, it } from 'vitest';
import { describeHttp, dispatch, matchRoute, routes } from '../harness';

// The test harness's stand-in for Next's router: discovery and matching as Next does them.

describeHttp('test dispatcher', () => {
  it('discovers every route handler, dot folders included', () => {
    const patterns = routes().map((r) => r.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/.well-known/stigmem',
        '/v1/facts',
        '/v1/facts/[id]',
        '/v1/facts/import',
        '/v1/conflicts',
        '/v1/conflicts/[id]/resolve',
        '/v1/conflicts/[id]/dismiss',
        '/v1/auth/keys',
        '/v1/auth/keys/[id]',
        '/api/session',
      ]),
    );
    expect(patterns.every((p) => !/\(|\)|\/_/.test(p))).toBe(true);
  });

  it('prefers static segments and decodes params exactly once', () => {
    expect(matchRoute('/v1/facts/import')?.route.pattern).toBe('/v1/facts/import');
    expect(matchRoute('/v1/facts/abc')).toMatchObject({ route: { pattern: '/v1/facts/[id]' }, params: { id: 'abc' } });
    expect(matchRoute('/v1/conflicts/stigmem:conflict:abc/resolve')?.params).toEqual({ id: 'stigmem:conflict:abc' });
    expect(matchRoute('/v1/conflicts/stigmem%3Aconflict%3Aabc/dismiss')?.params).toEqual({ id: 'stigmem:conflict:abc' });
    expect(matchRoute('/v1/facts/legacy%2541')?.params).toEqual({ id: 'legacy%41' });
    expect(matchRoute('/v1/facts/a/b')?.route.pattern).toBe('/v1/[...path]');
    expect(matchRoute('/v2/facts')).toBeNull();
  });

  it('answers 404 for unknown paths, an empty 405 for unexported methods (as Next does), 400 for undecodable params', async () => {
    expect((await dispatch('GET', '/v2/nothing-here')).status).toBe(404);
    const unexported = await dispatch('PUT', '/api/session');
    expect(unexported.status).toBe(405);
    expect(unexported.headers.get('allow')).toBeNull();
    expect(await unexported.text()).toBe('');
    expect((await dispatch('GET', '/v1/facts/bad%E0%A4%A')).status).toBe(400);
  });
});
