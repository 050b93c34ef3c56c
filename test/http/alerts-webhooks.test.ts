import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliverDue } from '@/lib/webhooks/deliver';
import { verifySignature } from '@/lib/webhooks/sign';
import { api, createKey, describeHttp, openConflict, takeTurnsOnScopeHistory } from '../harness';

// The alert lifecycle end to end over HTTP: degrade a scope → a run opens the alert → a real
// receiver on 127.0.0.1 gets a correctly signed body → acknowledge → fix → the next run resolves it
// and the receiver hears that too. A dead receiver is retried with backoff, logged, then given up.

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { event: string; text: string; timestamp: number; delivery_id: string; alert?: { id: string; status: string; rule: { id: string } } };
}

const SECRET = 'receiver-secret-0123456789';
const SCOPE = 'company';

function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received })));
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const runNow = async () => {
  const res = await api.post('/v1/health/runs', { scope: SCOPE });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; pending_conflicts: number; status: string };
};

describeHttp('alerts and webhooks', () => {
  takeTurnsOnScopeHistory();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

  it('has the review-workflow defaults on a fresh node', async () => {
    const { rules } = (await api.get('/v1/alerts/rules')).body as { rules: { kind: string; threshold: number; enabled: boolean }[] };
    expect(rules).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'pending_above', threshold: 10, enabled: true }),
      expect.objectContaining({ kind: 'aged_above', threshold: 0 }),
      expect.objectContaining({ kind: 'false_alarms', threshold: 3 }),
      expect.objectContaining({ kind: 'run_slower_than', threshold: 30 }),
    ]));
  });

  it('opens, updates without duplicating, is acknowledged and resolves itself, each step delivered signed', async () => {
    const hook = await api.post('/v1/webhooks', { url: receiver.url, secret: SECRET, scopes: [SCOPE] });
    expect(hook.status).toBe(201);
    expect(hook.body).not.toHaveProperty('secret');
    const baseline = await runNow();
    const rule = await api.post('/v1/alerts/rules', { name: 'Any new contradiction', kind: 'pending_above', scope: SCOPE, threshold: baseline.pending_conflicts });
    expect(rule.status).toBe(201);
    const ruleId = (rule.body as { id: string }).id;
    const mine = () => receiver.received.filter((r) => r.body.alert?.rule.id === ruleId);

    const { conflict, red } = await openConflict({ scope: SCOPE });
    await runNow();
    const opened = await waitFor('the opened delivery', () => mine().find((r) => r.body.event === 'alert.opened'));
    expect(verifySignature(SECRET, opened.raw, opened.headers['x-stigmem-signature'] as string)).toBe(true);
    expect(verifySignature('wrong-secret-0123456789', opened.raw, opened.headers['x-stigmem-signature'] as string)).toBe(false);
    expect(opened.headers['x-stigmem-timestamp']).toBe(String(opened.body.timestamp));
    expect(opened.headers['x-stigmem-event']).toBe('alert.opened');
    expect(opened.body.text).toContain('Any new contradiction opened in scope company');
    const alertId = opened.body.alert!.id;

    const openList = (await api.get('/v1/alerts', { query: { status: 'open', scope: SCOPE } })).body as { alerts: { id: string; rule: { id: string } }[] };
    expect(openList.alerts.filter((a) => a.rule.id === ruleId).map((a) => a.id)).toEqual([alertId]);

    await runNow(); // the condition still holds with the same value: no second alert, no new delivery
    const all = (await api.get('/v1/alerts', { query: { status: 'all', scope: SCOPE } })).body as { alerts: { id: string; rule: { id: string } }[] };
    expect(all.alerts.filter((a) => a.rule.id === ruleId)).toHaveLength(1);
    const second = await openConflict({ scope: SCOPE });
    await runNow(); // a new value while it holds: the same alert, updated
    const updated = await waitFor('the updated delivery', () => mine().find((r) => r.body.event === 'alert.updated'));
    expect(updated.body.alert?.id).toBe(alertId);

    const reader = await createKey(['read'], [SCOPE], 'reader');
    expect((await api.post(`/v1/alerts/${alertId}/acknowledge`, { note: 'looking' }, { key: reader.key })).status).toBe(403);
    const ack = await api.post(`/v1/alerts/${alertId}/acknowledge`, { note: 'on it' });
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ status: 'acknowledged', acknowledged_by: expect.any(String), ack_note: 'on it' });
    expect((await api.post(`/v1/alerts/${alertId}/acknowledge`, {})).status).toBe(409);
    await waitFor('the acknowledged delivery', () => mine().find((r) => r.body.event === 'alert.acknowledged'));

    const fix = await api.post(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/resolve`, { winning_fact_id: red.id, resolution_note: 'red' });
    expect(fix.status).toBe(200);
    const fix2 = await api.post(`/v1/conflicts/${encodeURIComponent(second.conflict.conflict_id)}/resolve`, { winning_fact_id: second.blue.id, resolution_note: 'blue' });
    expect(fix2.status).toBe(200);
    await runNow();
    const resolved = await waitFor('the resolved delivery', () => mine().find((r) => r.body.event === 'alert.resolved'));
    expect(verifySignature(SECRET, resolved.raw, resolved.headers['x-stigmem-signature'] as string)).toBe(true);
    expect(mine().map((r) => r.body.event)).toEqual(['alert.opened', 'alert.updated', 'alert.acknowledged', 'alert.resolved']);

    const history = (await api.get('/v1/alerts', { query: { status: 'resolved', scope: SCOPE } })).body as { alerts: { id: string; events: { kind: string }[] }[] };
    expect(history.alerts.find((a) => a.id === alertId)?.events.map((e) => e.kind)).toEqual(['opened', 'updated', 'acknowledged', 'resolved']);

    const log = (await api.get(`/v1/webhooks/${(hook.body as { id: string }).id}/deliveries`)).body as { deliveries: { status: string; response_code: number }[] };
    expect(log.deliveries.length).toBeGreaterThanOrEqual(4);
    expect(log.deliveries.every((d) => d.status === 'delivered' && d.response_code === 204)).toBe(true);
  });

  it('retries a dead receiver with backoff, logs every attempt, shows it failing and gives up after 24 h', async () => {
    const dead = await startReceiver();
    await new Promise<void>((resolve) => dead.server.close(() => resolve()));
    const hook = await api.post('/v1/webhooks', { url: dead.url, secret: SECRET });
    const id = (hook.body as { id: string }).id;
    expect((await api.post(`/v1/webhooks/${id}/test`)).status).toBe(202);
    type Log = { deliveries: { status: string; attempts: number; next_attempt_at: string | null; last_error: string | null; response_code: number | null }[] };
    const deliveries = async () => ((await api.get(`/v1/webhooks/${id}/deliveries`)).body as Log).deliveries;
    const first = await waitFor('the first attempt', async () => (await deliveries()).find((d) => d.attempts === 1));
    expect(first).toMatchObject({ status: 'pending', response_code: null, last_error: expect.stringMatching(/ECONNREFUSED|fetch failed/) });
    const next = new Date(first.next_attempt_at!);

    expect(await deliverDue(new Date(next.getTime() - 1000))).toBe(0); // not due yet
    expect(await deliverDue(next)).toBe(1);
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', attempts: 2 });
    const { webhooks } = (await api.get('/v1/webhooks')).body as { webhooks: { id: string; health: string; pending_deliveries: number }[] };
    expect(webhooks.find((w) => w.id === id)).toMatchObject({ health: 'failing', pending_deliveries: 1 });

    await deliverDue(new Date(Date.now() + 25 * 3_600_000));
    expect((await deliveries())[0]).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
    expect((await api.delete(`/v1/webhooks/${id}`)).status).toBe(204);
  });

  it('refuses bad input with 4xx and keeps admin-only things admin-only', async () => {
    expect((await api.post('/v1/webhooks', { url: 'ftp://example.com/x', secret: SECRET })).status).toBe(422);
    expect((await api.post('/v1/webhooks', { url: 'not a url', secret: SECRET })).status).toBe(422);
    expect((await api.post('/v1/webhooks', { url: receiver.url, secret: 'short' })).status).toBe(422);
    expect((await api.post('/v1/alerts/rules', { name: 'x', kind: 'findings_above', check: 'Not A Check', threshold: 1 })).status).toBe(422);
    expect((await api.post('/v1/alerts/rules', { name: 'x', kind: 'pending_above', threshold: -1 })).status).toBe(422);
    expect((await api.post('/v1/alerts/rules', { name: 'x', kind: 'nope', threshold: 1 })).status).toBe(422);
    expect((await api.put('/v1/alerts/rules/missing', { name: 'x', kind: 'pending_above', threshold: 1 })).status).toBe(404);
    expect((await api.post('/v1/alerts/missing/acknowledge', {})).status).toBe(404);
    expect((await api.get('/v1/alerts', { query: { status: 'maybe' } })).status).toBe(400);
    expect((await api.get('/v1/health/runs', { query: { cursor: 'garbage' } })).status).toBe(400);
    expect((await api.get('/v1/health/summary', { query: { range: '1y' } })).status).toBe(400);
    expect((await api.get('/v1/health/runs/missing')).status).toBe(404);
    const reader = await createKey(['read'], [SCOPE], 'reader');
    expect((await api.get('/v1/webhooks', { key: reader.key })).status).toBe(403);
    expect((await api.post('/v1/alerts/rules', { name: 'x', kind: 'pending_above', threshold: 1 }, { key: reader.key })).status).toBe(403);
    expect((await api.get('/v1/health/runs', { key: reader.key, query: { scope: 'team' } })).status).toBe(403);
    expect((await api.get('/v1/alerts/rules', { key: reader.key })).status).toBe(200);
  });
});
