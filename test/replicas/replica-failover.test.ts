import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ReplicasPanel } from '@/components/node/ReplicasPanel';
import { getReplicaStatus } from '@/lib/db/replicas/replica-status';
import { FactBatch } from '@/lib/wire/records';
import { api, createKey, describeHttp, expectBody, expectError, setEnv, uniqueEntity, wireFact } from '../harness';
import { findPgBinaries, PgCluster, serverUser, waitForReplay, type PgServer } from './pg-cluster';
import { labelOf, portOf, primaryReads, replicaIn, ReplicaStatusBody, replicaStatus, sql, whereReadRuns } from './replica-helpers';

// Two replicas: reads take them in turn; one stopped is skipped (a read already on its way to it
// runs on the primary instead), and with none left the primary serves every read. The status API,
// /metrics and the Node page's panel report it. Replica B belongs to this file: started from the
// project's primary in beforeAll, removed in afterAll.

const database = inject('stigmemTestDatabase');
const cluster = inject('stigmemReplicaCluster');
const primaryUrl = database.kind === 'postgres' ? database.url : '';
const replicaA = database.kind === 'postgres' ? (database.readUrl ?? '') : '';

describeHttp('read replicas: failover and status', () => {
  let own: PgCluster;
  let replicaB: PgServer;
  let replicaBUrl = '';

  beforeAll(async () => {
    const binaries = findPgBinaries();
    const user = serverUser();
    if (!cluster || !('binaries' in binaries) || !('runAs' in user)) throw new Error('the replicas project provides a cluster');
    own = new PgCluster(binaries.binaries, user.runAs);
    replicaB = await own.startReplica({ port: cluster.primaryPort }, 'replica-b');
    replicaBUrl = replicaB.url(new URL(primaryUrl).pathname.slice(1));
    await waitForReplay(primaryUrl, replicaBUrl);
    setEnv({ DATABASE_READ_URL: `${replicaA},${replicaBUrl}` });
  });

  afterAll(async () => {
    setEnv({ DATABASE_READ_URL: replicaA });
    await own?.destroy();
  });

  it('takes the serving replicas in turn', async () => {
    const status = await replicaStatus();
    expect(status.replicas.map((r) => [r.replica, r.state])).toEqual([[labelOf(replicaA), 'serving'], [labelOf(replicaBUrl), 'serving']]);
    const ports = [];
    for (let i = 0; i < 4; i++) ports.push((await whereReadRuns()).port);
    expect(ports.toSorted()).toEqual([portOf(replicaA), portOf(replicaA), portOf(replicaBUrl), portOf(replicaBUrl)].toSorted());
  });

  it('runs a read on the primary when its replica fails on the way, then skips the stopped replica', async () => {
    setEnv({ DATABASE_READ_URL: replicaBUrl });
    expect(replicaIn(await replicaStatus(), replicaBUrl).state).toBe('serving');
    await replicaB.stop();
    // Measured serving a moment ago, so this read goes to B, fails there, and runs on the primary.
    expect(await whereReadRuns()).toMatchObject({ recovery: false });
    const status = await replicaStatus();
    const b = replicaIn(status, replicaBUrl);
    expect(b.state).toBe('down');
    expect(b.detail).toMatch(/ECONNREFUSED|connect|terminat/i);
    expect(b.failures).toBeGreaterThanOrEqual(1);
    expect(status.reads.primary.replica_failed).toBe(1);

    // Down and known to be: every read runs on the primary, without trying B.
    for (let i = 0; i < 3; i++) expect(await whereReadRuns()).toMatchObject({ recovery: false });
    expect((await replicaStatus()).reads.primary).toMatchObject({ replica_failed: 1, no_replica_serving: 3 });
  });

  it('serves every read from the replica left when one is down', async () => {
    setEnv({ DATABASE_READ_URL: `${replicaA},${replicaBUrl}` });
    const status = await replicaStatus();
    expect(status.replicas.map((r) => r.state)).toEqual(['serving', 'down']);
    for (let i = 0; i < 4; i++) expect(await whereReadRuns()).toEqual({ recovery: true, port: portOf(replicaA) });
    const after = await replicaStatus();
    expect(replicaIn(after, replicaA).reads).toBe(4);
    expect(primaryReads(after)).toBe(0);
  });

  it('shows state and lag in GET /v1/admin/replicas (admins only), /metrics and the Node page panel', async () => {
    const reader = await createKey(['read'], ['team']);
    expectError(await api.get('/v1/admin/replicas', { key: reader.key }), 403, 'forbidden');
    expectError(await api.post('/v1/admin/replicas', {}), 405, 'method_not_allowed');

    await sql(replicaA, 'SELECT pg_wal_replay_pause()');
    try {
      // Something for the paused replica to miss; the status call looks at the primary once.
      expectBody(await api.post('/v1/facts', { facts: [wireFact(uniqueEntity('missed'), 'x', { scope: 'team' })] }), 201, FactBatch);
      await api.get('/v1/admin/replicas');
      setEnv({ STIGMEM_REPLICA_MAX_LAG_MS: '100' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const metrics = await api.get('/metrics');
      expect(metrics.status).toBe(200);
      const text = String(metrics.body);
      const a = labelOf(replicaA);
      expect(text).toMatch(new RegExp(`stigmem_replica_serving\\{replica="${a}"\\} 0`));
      expect(text).toMatch(new RegExp(`stigmem_replica_serving\\{replica="${labelOf(replicaBUrl)}"\\} 0`));
      expect(Number(new RegExp(`stigmem_replica_lag_seconds\\{replica="${a}"\\} ([\\d.]+)`).exec(text)?.[1])).toBeGreaterThan(0.1);
      expect(Number(new RegExp(`stigmem_replica_lag_bytes\\{replica="${a}"\\} (\\d+)`).exec(text)?.[1])).toBeGreaterThan(0);
      expect(text).toMatch(/stigmem_whole_scope_reads_total\{target="replica",reason="replica_serving"\} \d+/);

      const html = renderToStaticMarkup(ReplicasPanel({ status: await getReplicaStatus() }));
      expect(html).toContain(`data-replica="${a}" data-state="lagging"`);
      expect(html).toContain(`data-replica="${labelOf(replicaBUrl)}" data-state="down"`);
      expect(html).toMatch(/lagging: skipped.*more than the 100 ms allowed/s);
      expect(html).toContain('replay paused</span>');
      expect(html).toMatch(/\d+ ms · [\d.]+ (B|kB|MB) behind|[\d.]+ s · [\d.]+ (B|kB|MB) behind/);
    } finally {
      await sql(replicaA, 'SELECT pg_wal_replay_resume()');
      setEnv({ STIGMEM_REPLICA_MAX_LAG_MS: undefined });
    }
  });

  it('says on the Node page when no replica is configured, and reads from the primary', async () => {
    setEnv({ DATABASE_READ_URL: undefined });
    try {
      expect(await whereReadRuns()).toMatchObject({ recovery: false });
      const status = expectBody(await api.get('/v1/admin/replicas'), 200, ReplicaStatusBody);
      expect(status).toMatchObject({ configured: false, replicas: [], primary_lsn: null });
      expect(renderToStaticMarkup(ReplicasPanel({ status: await getReplicaStatus() }))).toContain('None configured: every read runs on the primary');
    } finally {
      setEnv({ DATABASE_READ_URL: `${replicaA},${replicaBUrl}` });
    }
  });
});
