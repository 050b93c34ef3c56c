import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { CreatedKey, FactList } from '@/lib/wire/records';
import { advanceClock, api, createKey, describeHttp, expectBody, expectError, type TestKey, uniqueEntity, withClockHeld } from '../harness';
import { ExpiringKeys } from '@/lib/wire/keys';

// Key expiry and GET /v1/auth/keys/expiring-soon (docs/api.md § Keys): the reference node's
// ExpiringKeyInfo list, limited to the keys the calling admin may manage.

const DAY = 86_400_000;
const k = { team2: '', company10: '', team100: '', teamNever: '', teamRevoked: '', noScope5: '' };
let teamAdmin: TestKey;
let companyAdmin: TestKey;
let teamReader: TestKey;

async function makeKey(scopes: string[], inDays: number | null, as?: TestKey): Promise<string> {
  const expires_at = inDays === null ? undefined : new Date(Date.now() + inDays * DAY).toISOString();
  const res = await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('expiring'), permissions: ['read'], allowed_scopes: scopes, expires_at }, { key: as?.key });
  return expectBody(res, 201, CreatedKey).id;
}

const mine = (list: { id: string }[]) => list.map((key) => key.id).filter((id) => Object.values(k).includes(id));
const expiring = async (as?: TestKey, within_days?: number) =>
  expectBody(await api.get('/v1/auth/keys/expiring-soon', { key: as?.key, query: { within_days } }), 200, ExpiringKeys);

describeHttp('key expiry and GET /v1/auth/keys/expiring-soon', () => {
  beforeAll(async () => {
    k.team2 = await makeKey(['team'], 2);
    k.company10 = await makeKey(['company'], 10);
    k.team100 = await makeKey(['team'], 100);
    k.teamNever = await makeKey(['team'], null);
    k.teamRevoked = await makeKey(['team'], 3);
    expect((await api.delete(`/v1/auth/keys/${k.teamRevoked}`)).status).toBe(204);
    k.noScope5 = await makeKey([], 5);
    teamAdmin = await createKey(['admin'], ['team'], 'expiring-team-admin');
    companyAdmin = await createKey(['admin'], ['company'], 'expiring-company-admin');
    teamReader = await createKey(['read'], ['team'], 'expiring-reader');
  });

  it('lists the active keys expiring within 30 days, soonest first, with days_remaining', async () => {
    const list = await expiring();
    expect(mine(list)).toEqual([k.team2, k.noScope5, k.company10]);
    const first = list.find((key) => key.id === k.team2)!;
    expect(first.days_remaining).toBeGreaterThan(1.9);
    expect(first.days_remaining).toBeLessThanOrEqual(2);
    expect(first).toMatchObject({ allowed_scopes: ['team'], oidc_sub: null, tenant_id: 'default' });
    expect(JSON.stringify(list)).not.toMatch(/key_hash|"key"/);
  });

  it('takes the window from within_days (1–365)', async () => {
    expect(mine(await expiring(undefined, 365))).toEqual([k.team2, k.noScope5, k.company10, k.team100]);
    expect(mine(await expiring(undefined, 3))).toEqual([k.team2]);
    for (const within_days of [0, 366, 'soon', 1.5]) {
      expectError(await api.get('/v1/auth/keys/expiring-soon', { query: { within_days } }), 422, 'validation_error');
    }
  });

  it('shows an admin limited to some scopes only the keys it may manage', async () => {
    // Keys of no scope reach nothing: every admin manages them.
    expect(mine(await expiring(teamAdmin, 365))).toEqual([k.team2, k.noScope5, k.team100]);
    const company = await expiring(companyAdmin, 365);
    expect(mine(company)).toEqual([k.noScope5, k.company10]);
    expect(JSON.stringify(company)).not.toContain('"team"');
    expectError(await api.get('/v1/auth/keys/expiring-soon', { key: teamReader.key }), 403, 'forbidden');
    expectError(await api.get('/v1/auth/keys/expiring-soon', { key: null }), 401, 'unauthorized');
  });

  it('refuses an expired key with 401 like a revoked one, and lists it no more', async () => {
    const expiresAt = Date.now() + 1500;
    // The key works until it expires, however slow the machine: the node's clock stands still meanwhile.
    const created = await withClockHeld(async () => {
      const res = await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('short'), allowed_scopes: ['team'], expires_at: new Date(expiresAt).toISOString() });
      const key = expectBody(res, 201, CreatedKey);
      expectBody(await api.get('/v1/facts', { key: key.key, query: { scope: 'team' } }), 200, FactList);
      expect((await expiring(undefined, 1)).map((k) => k.id)).toContain(key.id);
      return key;
    });
    advanceClock(expiresAt - Date.now() + 50);
    expectError(await api.get('/v1/facts', { key: created.key, query: { scope: 'team' } }), 401, 'unauthorized');
    expect((await expiring(undefined, 1)).map((key) => key.id)).not.toContain(created.id);
    expect((expectBody(await api.get('/v1/auth/keys'), 200, z.array(z.object({ id: z.string() })))).map((key) => key.id)).not.toContain(created.id);
  });

  it('audits a key’s creation with its expiry', async () => {
    const auditor = await createKey(['admin'], ['local', 'team', 'company', 'public'], 'expiring-auditor');
    const when = new Date(Date.now() + 7 * DAY);
    when.setUTCMilliseconds(0);
    const id = expectBody(await api.post('/v1/auth/keys', { entity_uri: uniqueEntity('audited'), allowed_scopes: ['team'], expires_at: when.toISOString().replace('Z', '+00:00') }, { key: auditor.key }), 201, CreatedKey).id;
    const log = (await api.get('/v1/audit', { query: { actor: auditor.entityUri, action: 'key.create' } })).body as { entries: { target_id: string; detail: Record<string, unknown> }[] };
    expect(log.entries.find((entry) => entry.target_id === id)?.detail).toMatchObject({ permissions: ['read'], expires_at: when.toISOString().replace('.000Z', 'Z') });
  });
});
