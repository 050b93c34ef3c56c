import { afterEach, beforeAll, expect, inject, it } from 'vitest';
import { closeReplicas } from '@/lib/db/replicas/replica-set';
import { readOnlyShared } from '@/lib/db/read-only';
import { lintRequestSchema } from '@/lib/lint/lint-request';
import { streamLint } from '@/lib/lint/stream-findings';
import { LintResult } from '@/lib/wire/lint';
import { ConflictRecord, FactBatch, ResolveResponse } from '@/lib/wire/records';
import { api, describeHttp, expectBody, openConflict, setEnv, uniqueEntity, wireFact } from '../harness';
import { portOf, primaryReads, replicaIn, replicaStatus, sleep, sql, whereReadRuns } from './replica-helpers';

// The node on a primary with one streaming replica (test/replicas/global-cluster.ts): whole-scope
// reads run on the replica, writes on the primary, a read right after a write sees it (the replica
// is made to lag behind the write first), and a replica behind by more than the limit is skipped.

const database = inject('stigmemTestDatabase');
const primaryUrl = database.kind === 'postgres' ? database.url : '';
const replicaUrl = database.kind === 'postgres' ? (database.readUrl ?? '') : '';

const lintEntity = async (scope: string, entity: string) => expectBody(await api.post('/v1/lint', { scope, entity }), 200, LintResult).findings;
const replayOf = (pause: boolean) => sql(replicaUrl, pause ? 'SELECT pg_wal_replay_pause()' : 'SELECT pg_wal_replay_resume()');

describeHttp('read replicas: routing', () => {
  beforeAll(() => {
    expect(replicaUrl, 'the replicas project hands the workers a replica URL').not.toBe('');
  });

  afterEach(async () => {
    await replayOf(false);
    setEnv({ STIGMEM_REPLICA_MAX_LAG_MS: undefined });
  });

  it('runs a whole-scope read on the replica and a write on the primary', async () => {
    expect(await whereReadRuns()).toEqual({ recovery: true, port: portOf(replicaUrl) });

    const entity = uniqueEntity('routed');
    expectBody(await api.post('/v1/facts', { facts: [wireFact(entity, 'red', { scope: 'team' })] }), 201, FactBatch);
    const [onPrimary] = await sql<{ n: number; recovery: boolean }>(primaryUrl, 'SELECT count(*)::int AS n, pg_is_in_recovery() AS recovery FROM facts WHERE entity = $1', [entity]);
    expect(onPrimary).toEqual({ n: 1, recovery: false });

    // A lint over HTTP: the replica's own statistics count its scans of value_heads.
    const scans = async () => (await sql<{ n: number }>(replicaUrl, `SELECT (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int AS n FROM pg_stat_user_tables WHERE relname = 'value_heads'`))[0].n;
    const before = await replicaStatus();
    const scansBefore = await scans();
    await lintEntity('team', entity);
    const after = await replicaStatus();
    expect(replicaIn(after, replicaUrl).reads).toBeGreaterThan(replicaIn(before, replicaUrl).reads);
    expect(primaryReads(after)).toBe(primaryReads(before));
    // A backend reports its statistics when it ends (an idle one only after 10 s): close the node's
    // replica connections, and the next read opens new ones.
    await closeReplicas();
    const deadline = Date.now() + 10_000;
    while ((await scans()) <= scansBefore && Date.now() < deadline) await sleep(200);
    expect(await scans()).toBeGreaterThan(scansBefore);
  });

  it('reads a write back at once although the replica had not replayed it yet: the read waits for the replica', async () => {
    setEnv({ STIGMEM_REPLICA_MAX_LAG_MS: '5000' });
    expect(replicaIn(await replicaStatus(), replicaUrl).state).toBe('serving');
    await replayOf(true);
    const { conflict, entity } = await openConflict({ scope: 'team' });
    expect(await sql(replicaUrl, 'SELECT 1 FROM conflicts WHERE id = $1', [conflict.conflict_id])).toHaveLength(0);

    const before = await replicaStatus();
    const resumed = sleep(300).then(() => replayOf(false));
    const started = Date.now();
    const findings = await lintEntity('team', entity);
    const waited = Date.now() - started;
    await resumed;
    expect(findings).toContainEqual(expect.objectContaining({ check: 'contradiction', conflict_id: conflict.conflict_id }));
    expect(waited).toBeGreaterThanOrEqual(250);
    const after = await replicaStatus();
    expect(replicaIn(after, replicaUrl).reads).toBeGreaterThan(replicaIn(before, replicaUrl).reads);
    expect(primaryReads(after)).toBe(primaryReads(before));
  });

  it('after a resolve, the conflict page shows the resolution and lint no longer finds the contradiction', async () => {
    setEnv({ STIGMEM_REPLICA_MAX_LAG_MS: '5000' });
    const { conflict, entity, red } = await openConflict({ scope: 'team' });
    await replayOf(true);
    const resolveBody = { winning_fact_id: red.id, resolution_note: 'red is right' };
    expectBody(await api.post(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/resolve`, resolveBody), 200, ResolveResponse);
    // The conflict page reads the conflict from the primary (lib/conflicts/get-conflict.ts), the route's own function.
    const page = expectBody(await api.get(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}`), 200, ConflictRecord.passthrough());
    expect(page).toMatchObject({ conflict_id: conflict.conflict_id, status: 'resolved', resolution_note: 'red is right' });

    const resumed = sleep(300).then(() => replayOf(false));
    const findings = await lintEntity('team', entity);
    await resumed;
    expect(findings.filter((f) => f.check === 'contradiction')).toEqual([]);
  });

  it('skips a replica behind by more than STIGMEM_REPLICA_MAX_LAG_MS: the primary serves, and the status says how far behind it is', async () => {
    setEnv({ STIGMEM_REPLICA_MAX_LAG_MS: '300' });
    await replayOf(true);
    const { conflict, entity } = await openConflict({ scope: 'company' });
    // Lag in seconds counts from when the node first saw the primary past the replica (every probe
    // and every read looks): look once now, then let the replica fall behind.
    expect(replicaIn(await replicaStatus(), replicaUrl).lag_bytes).toBeGreaterThan(0);
    await sleep(600);

    const lagging = await replicaStatus();
    const replica = replicaIn(lagging, replicaUrl);
    expect(replica).toMatchObject({ state: 'lagging', replay_paused: true });
    expect(replica.lag_bytes).toBeGreaterThan(0);
    expect(replica.lag_seconds).toBeGreaterThan(0.3);
    expect(replica.detail).toMatch(/behind, more than the 300 ms allowed/);

    expect(await whereReadRuns()).toMatchObject({ recovery: false });
    const findings = await lintEntity('company', entity);
    expect(findings).toContainEqual(expect.objectContaining({ check: 'contradiction', conflict_id: conflict.conflict_id }));
    const after = await replicaStatus();
    expect(replicaIn(after, replicaUrl).reads).toBe(replica.reads);
    expect(after.reads.primary.no_replica_serving).toBeGreaterThanOrEqual(lagging.reads.primary.no_replica_serving + 2);

    // Replay resumes, the replica catches up and serves again.
    await replayOf(false);
    await sleep(100);
    expect(replicaIn(await replicaStatus(), replicaUrl)).toMatchObject({ state: 'serving', lag_bytes: 0, lag_seconds: 0, replay_paused: false });
    expect(await whereReadRuns()).toEqual({ recovery: true, port: portOf(replicaUrl) });
  });

  it('reads a lint job\'s checks side by side on the replica: transactions on one exported snapshot, each on its own connection', async () => {
    const before = await replicaStatus();
    const shared = await readOnlyShared(3, (txs) =>
      Promise.all(txs.map(async (tx) => (await tx.$queryRaw<{ recovery: boolean; port: number; pid: number; snapshot: string }[]>`
        SELECT pg_is_in_recovery() AS recovery, inet_server_port() AS port, pg_backend_pid() AS pid, pg_current_snapshot()::text AS snapshot`)[0])),
    );
    expect(shared.map(({ recovery, port }) => ({ recovery, port }))).toEqual(Array(3).fill({ recovery: true, port: portOf(replicaUrl) }));
    expect(new Set(shared.map((s) => s.pid)).size).toBe(3);
    expect(new Set(shared.map((s) => s.snapshot)).size).toBe(1);
    // The lint job's own read (streamLint) runs there too, and agrees with a synchronous lint.
    const { conflict, entity } = await openConflict({ scope: 'team' });
    const request = lintRequestSchema.parse({ scope: 'team', entity });
    const streamed: unknown[] = [];
    for await (const batch of streamLint(request, 1).batches) streamed.push(...batch);
    expect(streamed).toContainEqual(expect.objectContaining({ check: 'contradiction', conflict_id: conflict.conflict_id }));
    expect(streamed).toEqual((await lintEntity('team', entity)));
    const after = await replicaStatus();
    expect(replicaIn(after, replicaUrl).reads).toBe(replicaIn(before, replicaUrl).reads + 3);
    expect(primaryReads(after)).toBe(primaryReads(before));
  });

  it('runs a decay dry run on the replica, and keeps the read half of a sweep on the primary', async () => {
    const entity = uniqueEntity('sweep');
    expectBody(await api.post('/v1/facts', { facts: [wireFact(entity, 'old', { scope: 'public', relation: 'memory:note' })] }), 201, FactBatch);
    const before = await replicaStatus();
    expect((await api.post('/v1/decay/sweep', { scope: 'public', entity, mode: 'dry_run' })).status).toBe(200);
    const afterDryRun = await replicaStatus();
    expect(replicaIn(afterDryRun, replicaUrl).reads).toBe(replicaIn(before, replicaUrl).reads + 1);
    expect(afterDryRun.reads.primary).toEqual(before.reads.primary);

    expect((await api.post('/v1/decay/sweep', { scope: 'public', entity })).status).toBe(200);
    const afterSweep = await replicaStatus();
    expect(afterSweep.reads.primary.write_path).toBe(before.reads.primary.write_path + 2);
    expect(replicaIn(afterSweep, replicaUrl).reads).toBe(replicaIn(afterDryRun, replicaUrl).reads);
  });
});
