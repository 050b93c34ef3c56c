import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError, apiFetch, errorDetail, isClientError } from './api-client';

function answer(status: number, body: string | null, statusText = '') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, statusText, headers: { 'content-type': 'application/json' } })));
}

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the parsed body of a success', async () => {
    answer(200, '{"signed_in":true}');
    await expect(apiFetch('/api/session')).resolves.toEqual({ signed_in: true });
  });

  it('returns undefined for 204', async () => {
    answer(204, null);
    await expect(apiFetch('/v1/auth/keys/k', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('sends JSON bodies with a content type', async () => {
    answer(201, '{}');
    await apiFetch('/v1/auth/keys', { method: 'POST', body: { entity_uri: 'a' } });
    const [, init] = vi.mocked(fetch).mock.calls[0];
    expect(init).toMatchObject({ method: 'POST', body: '{"entity_uri":"a"}', credentials: 'same-origin' });
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('turns {"error","detail"} into an ApiClientError carrying the detail', async () => {
    answer(409, '{"error":"conflict_already_resolved","detail":"conflict x was already resolved"}');
    const error = await apiFetch('/v1/conflicts/x/resolve', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 409, code: 'conflict_already_resolved', detail: 'conflict x was already resolved' });
    expect(isClientError(error)).toBe(true);
    expect(errorDetail(error)).toBe('conflict x was already resolved');
  });

  it('describes a failure without a JSON body by its status', async () => {
    answer(502, '<html>bad gateway</html>', 'Bad Gateway');
    const error = await apiFetch('/v1/facts').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_error', detail: 'The node answered 502 Bad Gateway.' });
    expect(isClientError(error)).toBe(false);
  });
});

describe('errorDetail', () => {
  it('explains a network failure', () => {
    expect(errorDetail(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });
});
