import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootContext, recordHandoff, recordLifecycle } from '@/lib/adapter';
import { describeHttp, TEST_ADMIN_KEY, uniqueEntity } from '../harness';
import { startFakeNode, startNodeServer, type TestServer } from '../node-server';

// Spec-19 middleware (fail open): the host always gets a BootContext and never an exception.

const logs: string[] = [];
const logger = { warn: (m: string) => logs.push(`warn ${m}`), error: (m: string) => logs.push(`error ${m}`) };
let node: TestServer;
beforeAll(async () => {
  node = await startNodeServer();
});
afterAll(async () => node?.close());

describeHttp('middleware adapter', () => {
  it('pulls pending handoffs and confident facts from a live node and renders the Spec-19 block', async () => {
    const me = uniqueEntity('agent');
    const options = { url: node.url, apiKey: TEST_ADMIN_KEY, sourceEntity: me, logger };
    expect(await recordHandoff(me, { ...options, sourceEntity: uniqueEntity('lead') })).toBe(true);
    const context = await bootContext({ ...options, scope: 'team' });
    const handoff = context.facts.find((f) => f.relation === 'intent:handoff_to' && (f.value as { v?: string }).v === me);
    expect(handoff).toBeDefined();
    expect(context.summary).toContain(`## Stigmem context - ${me}`);
    expect(context.summary).toContain('### intent');
    expect(await recordLifecycle('started', options)).toBe(true);
  });

  it('no STIGMEM_URL: skipped, empty context', async () => {
    expect(await bootContext({ url: '', logger })).toEqual({ facts: [], summary: '' });
    expect(await recordLifecycle('started', { url: '', logger })).toBe(false);
  });

  it('node down, node answering 500, slow node: empty BootContext, no throw; writes do not throw either', async () => {
    logs.length = 0;
    expect(await bootContext({ url: 'http://127.0.0.1:9', logger })).toEqual({ facts: [], summary: '' });
    expect(await recordLifecycle('started', { url: 'http://127.0.0.1:9', logger })).toBe(false);
    expect(logs.some((l) => l.startsWith('warn') && l.includes('unreachable'))).toBe(true);

    const failing = await startFakeNode(500);
    expect(await bootContext({ url: failing.url, logger })).toEqual({ facts: [], summary: '' });
    expect(await recordLifecycle('idle', { url: failing.url, logger })).toBe(false);
    expect(failing.hits.get('/v1/facts')).toBe(4 + 2);
    await failing.close();

    const slow = await startFakeNode(200, 1500);
    const started = Date.now();
    expect(await bootContext({ url: slow.url, timeoutMs: 200, logger })).toEqual({ facts: [], summary: '' });
    expect(Date.now() - started).toBeLessThan(1400);
    await slow.close();
  });
});
