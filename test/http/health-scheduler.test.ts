import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import type { FactScope } from '@/lib/facts/scope';
import { recordHealthRun, type RunOptions } from '@/lib/health-history/record-run';
import type { HealthRunRecord } from '@/lib/health-history/run-record';
import { changeRunDue, HealthScheduler, LEASE_NAME } from '@/lib/health-history/scheduler';
import { readOnly } from '@/lib/db/read-only';
import { scopeRevision } from '@/lib/facts/scope-revision';
import { leaseHolder } from '@/lib/db/lease';
import { api, describeHttp, uniqueEntity, wireFact, takeTurnsOnScopeHistory } from '../harness';
import { createPolicy, importAged, newNamespace } from '../decay-helpers';

// The scheduler with an injected clock: runs per scope when its interval has passed, never two runs
// of one scope at once, one leader among instances on one database, and a restart that picks the
// schedule up from the stored runs. Ticks are driven by the test (start() is never called).

const T0 = new Date('2031-03-01T10:00:00Z').getTime();
const MIN = 60_000;

function fakeClock(start = T0) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

async function runsOf(scope: string) {
  const db = await getDb();
  return db.healthRun.findMany({ where: { scope }, orderBy: { startedAt: 'asc' } });
}

async function resetSchedulerState() {
  const db = await getDb();
  await db.healthRun.deleteMany({});
  await db.lease.deleteMany({});
  await db.scopeSetting.updateMany({ data: { lintIntervalS: null, decayIntervalS: null, autoResolveIntervalS: null } });
}

describeHttp('health scheduler', () => {
  takeTurnsOnScopeHistory();
  const stoppers: HealthScheduler[] = [];
  beforeEach(resetSchedulerState);
  // Runs dated in 2031 would be every later file's "latest run" on the shared PostgreSQL database.
  afterAll(resetSchedulerState);
  afterEach(async () => {
    for (const s of stoppers.splice(0)) await s.stop();
  });

  function scheduler(clock: ReturnType<typeof fakeClock>, instanceId: string, runner?: (scope: FactScope, o: RunOptions) => Promise<HealthRunRecord | null>) {
    // No reconciler: on the shared PostgreSQL database it would repair the drift entity-liveness.test.ts
    // makes on purpose, between its corruption and its own reconcile (this file tests scheduling).
    const s = new HealthScheduler({ clock: clock.now, instanceId, leaseMs: 90_000, runner, reconcile: async () => undefined });
    stoppers.push(s);
    return s;
  }

  it('settles the maintained health state on every tick and reconciles it on its first tick as the leader, then once an hour, without holding up the tick', async () => {
    const clock = fakeClock();
    const passes: number[] = [];
    const settles: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const s = new HealthScheduler({
      clock: clock.now, instanceId: 'reconciler', leaseMs: 90_000, runner: async () => null,
      settle: async () => void settles.push(clock.now().getTime()),
      reconcile: async () => {
        passes.push(clock.now().getTime());
        await held;
      },
    });
    stoppers.push(s);
    // The tick returns while the reconcile still runs (a long count must not outlast the lease).
    await s.tick();
    await vi.waitFor(() => expect(passes).toEqual([T0]));
    // A tick while the upkeep still runs starts no second one.
    await s.tick();
    expect(settles).toEqual([T0]);
    release();
    await s.idle();
    clock.advance(59 * MIN);
    await s.tick();
    await s.idle();
    expect(passes).toHaveLength(1);
    expect(settles).toEqual([T0, T0 + 59 * MIN]);
    clock.advance(2 * MIN);
    await s.tick();
    await s.idle();
    expect(passes).toEqual([T0, T0 + 61 * MIN]);
    expect(settles).toHaveLength(3);
  });

  it('runs every scope at once, then each scope on its own interval (0 = off)', async () => {
    expect((await api.put('/v1/scopes/team/settings', { lint_interval_s: 300 })).status).toBe(200);
    expect((await api.put('/v1/scopes/company/settings', { lint_interval_s: 0 })).status).toBe(200);
    expect((await api.post('/v1/facts', wireFact(uniqueEntity('sched'), 'v', { scope: 'team' }))).status).toBe(201);
    const clock = fakeClock();
    const s = scheduler(clock, 'a');
    expect((await s.tick()).sort()).toEqual(['local', 'public', 'team']);
    await s.idle();
    const [first] = await runsOf('team');
    expect(first).toMatchObject({ status: 'ok', trigger: 'schedule', startedAt: new Date(T0) });
    expect(first.factCount).toBeGreaterThan(0);

    clock.advance(4 * MIN);
    expect(await s.tick()).toEqual([]);
    clock.advance(1 * MIN); // team: 5 min passed; the others keep the 15 min default
    expect(await s.tick()).toEqual(['team']);
    await s.idle();
    clock.advance(10 * MIN);
    expect((await s.tick()).sort()).toEqual(['local', 'public', 'team']);
    await s.idle();
    expect(await runsOf('team')).toHaveLength(3);
    expect(await runsOf('company')).toHaveLength(0);
  });

  it('sweeps decay and auto-resolves within runs on their own intervals', async () => {
    expect((await api.put('/v1/scopes/team/settings', { lint_interval_s: 600, decay_interval_s: 1800, auto_resolve: true, auto_resolve_interval_s: 3600 })).status).toBe(200);
    const clock = fakeClock();
    const s = scheduler(clock, 'a');
    await s.tick();
    await s.idle();
    const steps = async () => (await runsOf('team')).map((r) => [r.decayFactsWritten !== null, r.autoResolved !== null]);
    expect(await steps()).toEqual([[true, true]]);
    for (let i = 0; i < 6; i++) {
      clock.advance(10 * MIN);
      await s.tick();
      await s.idle();
    }
    // Runs every 10 min; decay every 30 min; auto-resolve every hour.
    expect(await steps()).toEqual([[true, true], [false, false], [false, false], [true, false], [false, false], [false, false], [true, true]]);
    await api.put('/v1/scopes/team/settings', { auto_resolve: false });
  });

  it('never starts a second run of a scope while one is going', async () => {
    const clock = fakeClock();
    const release: (() => void)[] = [];
    const started: string[] = [];
    const s = scheduler(clock, 'a', (scope) => {
      started.push(scope);
      return new Promise((resolve) => release.push(() => resolve(null)));
    });
    await s.tick();
    clock.advance(60 * MIN);
    expect(await s.tick()).toEqual([]);
    expect(started.sort()).toEqual(['company', 'local', 'public', 'team']);
    release.forEach((r) => r());
    await s.idle();
    expect((await s.tick()).length).toBe(4);
    release.forEach((r) => r());

    // The database guard too: two runs of one scope asked for at once, one goes.
    const both = await Promise.all([recordHealthRun('team', { trigger: 'manual' }), recordHealthRun('team', { trigger: 'manual' })]);
    expect(both.filter((r) => r === null)).toHaveLength(1);
  });

  it('one leader among two instances; the other takes over when the lease ends', async () => {
    const clock = fakeClock();
    const a = scheduler(clock, 'instance-a');
    const b = scheduler(clock, 'instance-b');
    expect((await a.tick()).length).toBe(4);
    expect(await b.tick()).toEqual([]);
    await a.idle();
    expect(await leaseHolder(LEASE_NAME, clock.now())).toBe('instance-a');

    clock.advance(16 * MIN); // a stopped renewing (as if its process died): the lease has run out
    expect((await b.tick()).length).toBe(4);
    await b.idle();
    expect(await a.tick()).toEqual([]);
    expect(await leaseHolder(LEASE_NAME, clock.now())).toBe('instance-b');
    const db = await getDb();
    expect(await db.healthRun.count({ where: { trigger: 'schedule' } })).toBe(8);

    await b.stop(); // a clean stop hands the lease back at once
    expect(await leaseHolder(LEASE_NAME, clock.now())).toBeNull();
  });

  it('runs a scope written since its last run again once STIGMEM_CHANGE_RUN_S passed (trigger "change"): not sooner, not unwritten, not when its lint was slow', async () => {
    const clock = fakeClock();
    const started: string[] = [];
    const s = new HealthScheduler({
      clock: clock.now, instanceId: 'change-runs', leaseMs: 90_000, changeRunS: 60, reconcile: async () => undefined, settle: async () => undefined,
      runner: (scope, options) => {
        started.push(`${scope}:${options.trigger}`);
        return recordHealthRun(scope, options);
      },
    });
    stoppers.push(s);
    await s.tick();
    await s.idle();
    expect(started.sort()).toEqual(['company:schedule', 'local:schedule', 'public:schedule', 'team:schedule']);
    started.length = 0;
    // Each run keeps the revision its lint read.
    const db = await getDb();
    const [first] = (await runsOf('team')).slice(-1);
    expect(String(first.scopeRevision)).toBe(await readOnly((tx) => scopeRevision(tx, 'team')));

    expect((await api.post('/v1/facts', wireFact(uniqueEntity('change-run'), 'x', { scope: 'team' }))).status).toBe(201);
    clock.advance(30_000);
    expect(await s.tick()).toEqual([]);
    clock.advance(30_000);
    // Its last lint took longer than a tenth of 60 s: it waits for the schedule.
    await db.healthRun.update({ where: { id: first.id }, data: { durationMs: 6_001 } });
    expect(await s.tick()).toEqual([]);
    await db.healthRun.update({ where: { id: first.id }, data: { durationMs: 6_000 } });
    expect(await s.tick()).toEqual(['team']);
    await s.idle();
    expect(started).toEqual(['team:change']);
    expect((await runsOf('team')).slice(-1)[0]).toMatchObject({ trigger: 'change', status: 'ok' });

    // Nothing written since: no run until the schedule (15 minutes).
    clock.advance(2 * MIN);
    expect(await s.tick()).toEqual([]);
  });

  it('a run whose own decay sweep wrote the scope is not followed by a change run: its lint read what the sweep wrote', async () => {
    const ns = newNamespace();
    await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:old`, scope: 'local', mode: 'retract', ttl_s: 3600 });
    await importAged(uniqueEntity('aged'), `${ns}:old`, 'old', 7200, { scope: 'local' });
    expect((await api.put('/v1/scopes/local/settings', { decay_interval_s: 3600 })).status).toBe(200);
    const clock = fakeClock();
    const s = new HealthScheduler({ clock: clock.now, instanceId: 'decay-change', leaseMs: 90_000, changeRunS: 60, reconcile: async () => undefined, settle: async () => undefined });
    stoppers.push(s);
    const before = await readOnly((tx) => scopeRevision(tx, 'local'));
    await s.tick();
    await s.idle();
    const [run] = (await runsOf('local')).slice(-1);
    expect(run.decayFactsWritten).toBe(1);
    expect(String(run.scopeRevision)).toBe(await readOnly((tx) => scopeRevision(tx, 'local')));
    expect(String(run.scopeRevision)).not.toBe(before);
    clock.advance(2 * MIN);
    expect(await s.tick()).toEqual([]);
    await api.put('/v1/scopes/local/settings', { decay_interval_s: null });
    await api.delete(`/v1/decay/policies/${ns}-ttl`);
  });

  it('changeRunDue: off at 0, off for a scope not on a schedule, unwritten, before any run, too soon, or after a slow lint', () => {
    const now = new Date(T0);
    const last = (agoMs: number, written = true, lastMs: number | null = 100) => ({ lint: new Date(T0 - agoMs), decay: null, autoResolve: null, lastMs, written });
    expect(changeRunDue(last(MIN), 900, 60, now)).toBe(true);
    expect(changeRunDue(last(MIN), 900, 0, now)).toBe(false);
    expect(changeRunDue(last(MIN), 0, 60, now)).toBe(false);
    expect(changeRunDue(last(MIN, false), 900, 60, now)).toBe(false);
    expect(changeRunDue({ ...last(MIN), lint: null }, 900, 60, now)).toBe(false);
    expect(changeRunDue(last(MIN - 1), 900, 60, now)).toBe(false);
    // No finished run yet (the last one failed): the write still counts.
    expect(changeRunDue(last(MIN, true, null), 900, 60, now)).toBe(true);
    expect(changeRunDue(last(MIN, true, 6_001), 900, 60, now)).toBe(false);
  });

  it('a restart picks the schedule up from the stored runs', async () => {
    const clock = fakeClock();
    const first = scheduler(clock, 'before-restart');
    await first.tick();
    await first.stop();
    clock.advance(10 * MIN);
    const second = scheduler(clock, 'after-restart');
    expect(await second.tick()).toEqual([]);
    clock.advance(5 * MIN);
    expect((await second.tick()).length).toBe(4);
    await second.idle();
  });

  it('a run that throws is recorded as failed with its reason, and a run left running reads as failed', async () => {
    const db = await getDb();
    await db.healthRun.create({ data: { id: 'stuck', scope: 'local', trigger: 'schedule', status: 'running', startedAt: new Date(T0 - 60 * MIN) } });
    const clock = fakeClock();
    const s = scheduler(clock, 'a');
    await s.tick();
    await s.idle();
    expect(await db.healthRun.findUnique({ where: { id: 'stuck' } })).toMatchObject({ status: 'failed', error: expect.stringMatching(/interrupted/) });

    // A run whose lint throws (here the lint handed in by the caller; renaming a table instead would
    // break the other test files sharing the PostgreSQL database).
    const failing = { trigger: 'manual' as const, now: clock.now, get lint(): never { throw new Error('lint failed: relation "value_heads" does not exist'); } };
    const run = await recordHealthRun('team', failing);
    expect(run).toMatchObject({ status: 'failed', error: expect.stringMatching(/value_heads/) });
  });
});
