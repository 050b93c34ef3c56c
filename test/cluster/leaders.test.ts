import { expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import type { Instance } from './harness/cluster';
import { describeCluster, useCluster } from './harness/use-cluster';

// Leaders on many instances (docs/decisions.md § Leaders): the health scheduler and the periodic
// database maintenance each run on exactly one instance, the holder of their lease, and move to a
// live instance when the leader is killed (SIGKILL), once its lease ran out.

const LAPSE_S = 6;

type Role = 'scheduler' | 'maintenance';
interface View {
  instance: Instance;
  holders: Record<Role, string | null>;
  leader: Record<Role, boolean>;
  /** Scheduler runs started / periodic maintenance runs, by this instance as the leader. */
  runs: Record<Role, number>;
}

describeCluster('many instances, one primary: leaders', () => {
  // Scheduled lints every 2 s per scope, the periodic maintenance check every second, leases of 6 s.
  const cluster = useCluster({
    size: 3,
    env: { STIGMEM_HEARTBEAT_LAPSE_S: String(LAPSE_S), STIGMEM_LINT_INTERVAL: '2', STIGMEM_MAINTENANCE_INTERVAL_S: '1' },
  });

  async function views(): Promise<View[]> {
    return Promise.all(
      cluster()
        .live()
        .map(async (instance) => {
          const res = await instance.call('GET', '/v1/admin/cluster');
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const { leaders, this_instance: self } = res.body;
          return {
            instance,
            holders: { scheduler: leaders.scheduler?.holder ?? null, maintenance: leaders.maintenance?.holder ?? null },
            leader: { scheduler: self.scheduler.leader, maintenance: self.maintenance.leader },
            runs: { scheduler: self.scheduler.runs_started, maintenance: self.maintenance.periodic_runs },
          };
        }),
    );
  }

  /** Waits until every live instance names the same live holder of `role` and exactly that one says it leads. */
  async function settledLeader(role: Role, timeoutMs = 60_000): Promise<Instance> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = await views();
      const holder = seen[0].holders[role];
      const leaders = seen.filter((v) => v.leader[role]);
      if (holder && seen.every((v) => v.holders[role] === holder) && leaders.length === 1 && leaders[0].instance.id === holder) return leaders[0].instance;
      if (Date.now() > deadline) throw new Error(`no single ${role} leader: ${JSON.stringify(seen.map((v) => ({ id: v.instance.id, holders: v.holders, leader: v.leader })))}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /**
   * Over a few seconds, only `leader` starts runs of `role`; the others' counts stay where they were.
   * For the scheduler, the runs it recorded in that time name the leader as the instance that ran them.
   */
  async function onlyLeaderRuns(role: Role, leader: Instance): Promise<void> {
    const before = await views();
    const windowStart = new Date();
    await new Promise((r) => setTimeout(r, 5_000));
    const after = await views();
    if (role === 'scheduler') {
      const db = await getDb();
      const by = await db.$queryRaw<{ instance_id: string }[]>`
        SELECT DISTINCT instance_id FROM health_runs WHERE trigger = 'schedule' AND started_at >= ${windowStart}`;
      expect(by.map((r) => r.instance_id)).toEqual([leader.id]);
    }
    for (const view of after) {
      const earlier = before.find((v) => v.instance === view.instance)!;
      if (view.instance === leader) expect(view.runs[role], `${role} runs on the leader`).toBeGreaterThan(earlier.runs[role]);
      else expect(view.runs[role], `${role} runs on ${view.instance.id}, not the leader`).toBe(earlier.runs[role]);
    }
  }

  const scheduledRuns = async () => {
    const db = await getDb();
    return Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM health_runs WHERE trigger = 'schedule'`)[0].n);
  };

  it('the scheduler and maintenance each lead on exactly one instance, and only there', async () => {
    for (const role of ['scheduler', 'maintenance'] as const) await onlyLeaderRuns(role, await settledLeader(role));
    expect(await scheduledRuns()).toBeGreaterThan(0);
  });

  it('when a leader is killed, its role moves to a live instance once its lease ran out, and goes on there', async () => {
    // First the scheduler's leader is killed, then (of the two left) the maintenance leader.
    for (const role of ['scheduler', 'maintenance'] as const) {
      const before = { scheduler: await settledLeader('scheduler'), maintenance: await settledLeader('maintenance') };
      const victim = before[role];
      await victim.kill();
      const killedAt = Date.now();
      const runsBefore = await scheduledRuns();

      const after = { scheduler: await settledLeader('scheduler'), maintenance: await settledLeader('maintenance') };
      for (const r of ['scheduler', 'maintenance'] as const) {
        expect(after[r].id).not.toBe(victim.id);
        // A role whose leader lives stays where it was.
        if (before[r] !== victim) expect(after[r]).toBe(before[r]);
      }
      // A killed leader hands nothing back: its lease had to run out first.
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual((LAPSE_S - 3) * 1000);
      await onlyLeaderRuns('scheduler', after.scheduler);
      await onlyLeaderRuns('maintenance', after.maintenance);
      // Scheduled runs go on for every scope, those a killed leader left half-done included.
      expect(await scheduledRuns()).toBeGreaterThan(runsBefore);
      const db = await getDb();
      const [{ scopes }] = await db.$queryRaw<{ scopes: bigint }[]>`
        SELECT count(DISTINCT scope) AS scopes FROM health_runs WHERE trigger = 'schedule' AND status = 'ok' AND started_at > ${new Date(killedAt)}`;
      expect(Number(scopes)).toBe(4);
    }
    expect(cluster().live()).toHaveLength(1);
  });
});
