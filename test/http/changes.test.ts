import { expect, it } from 'vitest';
import { z } from 'zod';
import { getDb } from '@/lib/db/prisma';
import { NodeChanges } from '@/lib/wire/changes';
import { advanceClock, api, createKey, describeHttp, expectBody, expectError, request, type TestKey, uniqueEntity, wireFact, withClockHeld } from '../harness';

// GET /v1/changes (docs/api.md § Changes): what the live pages poll. It must move after a write, a
// health run, an alert's transition or an expiry in a scope the key reads, stay put for everything
// in the scopes it cannot read, and never name them.

type Changes = z.infer<typeof NodeChanges>;

const read = async (key: TestKey, query = '') => expectBody(await request('GET', `/v1/changes${query}`, undefined, { key: key.key }), 200, NodeChanges);
const scopeOf = (answer: Changes, scope: string) => answer.scopes.find((s) => s.scope === scope)!;

describeHttp('GET /v1/changes', () => {
  it('answers 401 without a key and refuses a bad or unreadable scope', async () => {
    expectError(await request('GET', '/v1/changes', undefined, { key: null }), 401, 'unauthorized');
    const teamReader = await createKey(['read'], ['team'], 'changes-team-reader');
    expect((await request('GET', '/v1/changes?scope=company', undefined, { key: teamReader.key })).status).toBe(403);
    expectError(await request('GET', '/v1/changes?scope=everything', undefined, { key: teamReader.key }), 400, 'validation_error');
  });

  it('moves after a write in a readable scope, not after one in a scope the key cannot read', async () => {
    const key = await createKey(['read'], ['team', 'company'], 'changes-reader');
    // The clock stands still through the comparisons: on the shared PostgreSQL test database another
    // file's value in team or company may expire between two reads, which moves the answer by itself.
    await withClockHeld(async () => {
      const before = await read(key);
      expect(before.scopes.map((s) => s.scope)).toEqual(['company', 'team']);
      expect(JSON.stringify(before)).not.toMatch(/"(local|public)"/);

      // Writes in scopes this key cannot read: nothing it sees moves.
      expect((await api.post('/v1/facts', wireFact(uniqueEntity('changes-local'), 'x', { scope: 'local' }))).status).toBe(201);
      expect((await api.post('/v1/facts', wireFact(uniqueEntity('changes-public'), 'x', { scope: 'public' }))).status).toBe(201);
      expect((await api.post('/v1/health/runs', { scope: 'local' })).status).toBe(201);
      const unmoved = await read(key);
      expect(unmoved.change).toBe(before.change);
      expect(unmoved.scopes).toEqual(before.scopes);

      // A contradiction in team: team's revision moves, company's does not.
      const entity = uniqueEntity('changes-team');
      await api.post('/v1/facts', wireFact(entity, 'red', { scope: 'team' }));
      await api.post('/v1/facts', wireFact(entity, 'blue', { scope: 'team' }));
      const after = await read(key);
      expect(after.change).not.toBe(before.change);
      expect(BigInt(scopeOf(after, 'team').revision)).toBeGreaterThan(BigInt(scopeOf(before, 'team').revision));
      expect(scopeOf(after, 'company')).toEqual(scopeOf(before, 'company'));
      // Asked about team alone, company is not in the answer.
      expect((await read(key, '?scope=team')).scopes.map((s) => s.scope)).toEqual(['team']);
    });
  });

  it('moves on a health run and an alert’s transition, not on a run’s heartbeat', async () => {
    const key = await createKey(['read'], ['company'], 'changes-activity');
    // The clock stands still, as above: an expiry elsewhere in the shared database moves nothing here.
    await withClockHeld(async () => {
      const before = await read(key);
      const run = await api.post('/v1/health/runs', { scope: 'company' });
      expect(run.status).toBe(201);
      const afterRun = await read(key);
      expect(BigInt(scopeOf(afterRun, 'company').activity)).toBeGreaterThan(BigInt(scopeOf(before, 'company').activity));
      expect(scopeOf(afterRun, 'company').revision).toBe(scopeOf(before, 'company').revision);

      const db = await getDb();
      await db.healthRun.update({ where: { id: (run.body as { id: string }).id }, data: { heartbeatAt: new Date() } });
      expect((await read(key)).change).toBe(afterRun.change);

      const rule = await db.alertRule.findFirstOrThrow();
      const id = `changes-alert-${Date.now()}`;
      await db.alert.create({ data: { id, ruleId: rule.id, scope: 'company', status: 'open', message: 'changes', value: 1, threshold: 0, openedAt: new Date(), updatedAt: new Date() } });
      const opened = await read(key);
      expect(opened.change).not.toBe(afterRun.change);
      expect((await api.post(`/v1/alerts/${id}/acknowledge`, {})).status).toBe(200);
      const acknowledged = await read(key);
      expect(BigInt(scopeOf(acknowledged, 'company').activity)).toBeGreaterThan(BigInt(scopeOf(opened, 'company').activity));
      // An alert of a scope the key cannot read.
      await db.alert.create({ data: { id: `${id}-local`, ruleId: rule.id, scope: 'local', status: 'open', message: 'changes', value: 1, threshold: 0, openedAt: new Date(), updatedAt: new Date() } });
      expect((await read(key)).change).toBe(acknowledged.change);
    });
  });

  it('moves when a value of a readable scope expires, with no write', async () => {
    const key = await createKey(['read'], ['company'], 'changes-expiry');
    const validUntil = new Date(Date.now() + 60_000).toISOString();
    expect((await api.post('/v1/facts', wireFact(uniqueEntity('changes-expiring'), 'soon', { scope: 'company', valid_until: validUntil }))).status).toBe(201);
    const [before, again] = await withClockHeld(async () => [await read(key), await read(key)]);
    expect(again.change).toBe(before.change);
    advanceClock(61_000);
    const after = await read(key);
    expect(scopeOf(after, 'company').revision).toBe(scopeOf(before, 'company').revision);
    expect(Date.parse(scopeOf(after, 'company').expired_at!)).toBe(Date.parse(validUntil));
    expect(after.change).not.toBe(before.change);
  });
});
