import { afterEach, expect, inject, it } from 'vitest';
import { api, createKey, describeHttp, openConflict, takeTurnsOnScopeHistory, setEnv } from '../harness';

// GET /metrics: Prometheus text with each scope's latest run, open alerts, the job queue, HTTP
// requests by route pattern and write batch sizes; a key with read sees its scopes only.

describeHttp('GET /metrics', () => {
  takeTurnsOnScopeHistory();
  afterEach(() => {
    setEnv({ STIGMEM_METRICS_PUBLIC: undefined });
  });

  it('serves scope health, alerts, jobs, requests by route and batch sizes', async () => {
    const { conflict } = await openConflict({ scope: 'public' });
    expect((await api.get(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}`)).status).toBe(200);
    expect((await api.post('/v1/health/runs', { scope: 'public' })).status).toBe(201);
    const res = await api.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.body as string;
    expect(text).toMatch(/^stigmem_health_score\{scope="public"\} \d+$/m);
    expect(text).toMatch(/^stigmem_lint_findings\{scope="public",check="contradiction",severity="error"\} [1-9]\d*$/m);
    expect(text).toMatch(/^stigmem_conflicts_pending\{scope="public"\} [1-9]\d*$/m);
    expect(text).toMatch(/^stigmem_health_run_last_duration_seconds\{scope="public"\} [\d.e-]+$/m);
    expect(text).toMatch(/^stigmem_alerts_open\{scope="public",status="open"\} \d+$/m);
    expect(text).toMatch(/^stigmem_jobs_queued\{kind="lint",status="pending"\} \d+$/m);
    expect(text).toMatch(/^stigmem_http_requests_total\{method="GET",route="\/v1\/conflicts\/\[id\]",status="200"\} [1-9]\d*$/m);
    expect(text).not.toContain(conflict.conflict_id);
    expect(text).toMatch(/^stigmem_write_batch_size_count [1-9]\d*$/m);
    // The embedded database's WebAssembly heap, only where there is one.
    const heap = /^stigmem_pglite_heap_bytes (\d+)$/m.exec(text);
    if (inject('stigmemTestDatabase').kind === 'pglite') expect(Number(heap?.[1])).toBeGreaterThan(16 * 1024 * 1024);
    else expect(heap).toBeNull();
  });

  it('needs a key with read unless STIGMEM_METRICS_PUBLIC=true; a key sees its own scopes', async () => {
    expect((await api.get('/metrics', { key: null })).status).toBe(401);
    const local = await createKey(['read'], ['local'], 'scraper');
    const scoped = (await api.get('/metrics', { key: local.key })).body as string;
    expect(scoped).not.toMatch(/scope="public"/);
    setEnv({ STIGMEM_METRICS_PUBLIC: 'true' });
    const open = await api.get('/metrics', { key: null });
    expect(open.status).toBe(200);
    expect(open.body as string).toMatch(/scope="public"/);
  });
});
