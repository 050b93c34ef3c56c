import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { COALESCE_MS } from '@/lib/live/change-stream';
import { api, createKey, describeHttp, dispatch, expectError, TEST_ADMIN_KEY, uniqueEntity, wireFact } from '../harness';

// GET /api/live (docs/decisions.md § Live updates): a dashboard's stream of `changed` events, sent
// when a change of the caller's readable scopes (or the one named) commits — a write whichever its
// path, a health run, an alert rule — told once per second at most, and never for a scope the
// caller cannot read or a transaction rolled back.

interface LiveEvent {
  event: string;
  data: { scopes: string[]; at?: string };
}

/** Opens the stream as `key` and collects its events as they come; `close` cancels the body, as a browser leaving the page does. */
async function openStream(scope: string | null, key = TEST_ADMIN_KEY) {
  const res = await dispatch('GET', scope ? `/api/live?scope=${scope}` : '/api/live', { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: LiveEvent[] = [];
  let buffered = '';
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffered += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const fields = Object.fromEntries(block.split('\n').filter((l) => !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
        if (fields.event) events.push({ event: fields.event, data: JSON.parse(fields.data) });
      }
    }
  })();
  const changes = () => events.filter((e) => e.event === 'changed');
  await expect.poll(() => events.map((e) => e.event)).toContain('ready');
  return { events, changes, close: async () => (await reader.cancel(), await reading) };
}

const write = async (scope: string, n = 1) => {
  const facts = Array.from({ length: n }, () => wireFact(uniqueEntity('live'), 'v', { scope }));
  expect((await api.post('/v1/facts', { facts })).status).toBe(201);
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeHttp('live updates', () => {
  it('tells an open stream of each committed write to its scope, and of nothing else', async () => {
    const stream = await openStream('team');
    await write('team');
    await expect.poll(() => stream.changes().length, { timeout: 5_000 }).toBe(1);
    expect(stream.changes()[0].data.scopes).toEqual(['team']);

    // Another scope's writes, and a transaction that rolls back, say nothing here.
    await pause(COALESCE_MS + 100);
    await write('company');
    const db = await getDb();
    await db
      .$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE value_heads SET confidence = confidence WHERE scope = 'team'`;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await pause(COALESCE_MS + 300);
    expect(stream.changes()).toHaveLength(1);
    await stream.close();
  });

  it('tells a burst of writes as at most one event a second, and the last write is never left untold', async () => {
    const stream = await openStream('local');
    const started = Date.now();
    let lastWriteStarted = 0;
    for (let i = 0; i < 8; i++) {
      lastWriteStarted = Date.now();
      await write('local');
    }
    const burst = Date.now() - started;
    await pause(COALESCE_MS + 500);
    const told = stream.changes();
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told.length).toBeLessThanOrEqual(Math.ceil(burst / COALESCE_MS) + 1);
    // Events a second apart at least, and the last one after the last write.
    const times = told.map((e) => Date.parse(e.data.at!));
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(COALESCE_MS - 5);
    expect(times[times.length - 1]).toBeGreaterThanOrEqual(lastWriteStarted);
    await stream.close();
  });

  it('tells a key only of the scopes it reads, and refuses a scope it does not', async () => {
    const key = await createKey(['read'], ['company'], 'live-reader');
    const refused = await dispatch('GET', '/api/live?scope=team', { headers: { authorization: `Bearer ${key.key}` } });
    expect(refused.status).toBe(403);
    expectError(await api.get('/api/live', { query: { scope: 'nowhere' } }), 400, 'validation_error');
    // Without a scope: every scope the key reads, and only those.
    const mine = await openStream(null, key.key);
    const everything = await openStream(null);
    await write('team');
    await expect.poll(() => everything.changes().flatMap((e) => e.data.scopes), { timeout: 5_000 }).toContain('team');
    await write('company');
    await expect.poll(() => mine.changes().flatMap((e) => e.data.scopes), { timeout: 5_000 }).toContain('company');
    expect(mine.changes().flatMap((e) => e.data.scopes)).not.toContain('team');
    await mine.close();
    await everything.close();
  });

  it('tells of a health run, not only of writes', async () => {
    const stream = await openStream('public');
    expect((await api.post('/v1/health/runs', { scope: 'public' })).status).toBeLessThan(300);
    await expect.poll(() => stream.changes().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    await stream.close();
  });
});
