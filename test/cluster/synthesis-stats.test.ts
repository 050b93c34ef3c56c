import { expect, it } from 'vitest';
import { uid, wireFact } from '../harness/data';
import type { Instance } from './harness/cluster';
import { describeCluster, useCluster } from './harness/use-cluster';

// The synthesis page's statistics of a large scope (docs/decisions.md, "A large scope's synthesis
// statistics may be shown with their time"): counted once, kept in the database, so another instance
// shows the same count without counting again; after a write, each shows that count with its time
// while a recount runs, then the recount.

interface Reading {
  stats: { fact_count: number };
  counted_at: string;
  current: boolean;
}

describeCluster('synthesis statistics on many instances', () => {
  // Every scope above 10 facts is large.
  const cluster = useCluster({ size: 2, env: { STIGMEM_ASYNC_THRESHOLD: '10', STIGMEM_SCHEDULER: 'off' } });
  const entity = `stigmem://cluster/stats-${uid()}`;
  const statsOn = async (instance: Instance) => {
    const answer = await instance.call('GET', `/api/synthesis/stats?scope=public&entity=${encodeURIComponent(entity)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Reading;
  };
  const write = async (instance: Instance, relations: string[]) => {
    const answer = await instance.call('POST', '/v1/facts', { facts: relations.map((relation) => wireFact(entity, 'v', { scope: 'public', relation })) });
    expect(answer.status).toBe(201);
  };

  it('one instance counts, the other shows that count; after a write both show it with its time until the recount is in', async () => {
    const [a, b] = cluster().instances;
    await write(a, Array.from({ length: 12 }, (_, i) => `memory:r${i}`));
    const counted = await statsOn(a);
    expect(counted).toMatchObject({ current: true, stats: { fact_count: 12 } });
    // Instance b has never counted: it reads a's count from the database, current, not counted again.
    expect(await statsOn(b)).toEqual(counted);

    await write(b, ['memory:r12']);
    expect(await statsOn(b)).toEqual({ ...counted, current: false });
    const deadline = Date.now() + 15_000;
    let fresh = await statsOn(b);
    while (!fresh.current && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fresh = await statsOn(b);
    }
    expect(fresh).toMatchObject({ current: true, stats: { fact_count: 13 } });
    expect(Date.parse(fresh.counted_at)).toBeGreaterThan(Date.parse(counted.counted_at));
    // Instance a's own count is older: it takes b's newer one from the database.
    expect(await statsOn(a)).toEqual(fresh);
  });
});
