import { afterEach, expect, it } from 'vitest';
import { getDb } from '@/lib/db/prisma';
import { readOnly } from '@/lib/db/read-only';
import { scopeRevision } from '@/lib/facts/scope-revision';
import type { FactScope } from '@/lib/facts/scope';
import { lintStillHolds } from '@/lib/lint/lint-still-holds';
import { lintRequestSchema } from '@/lib/lint/lint-request';
import { startScopeLint } from '@/lib/health-history/start-scope-lint';
import { runHereEnded } from '@/lib/jobs/start-job';
import { parseFindingsView } from '@/lib/lint/view/findings-query';
import { FACT_SCOPES } from '@/lib/facts/scope';
import { createPolicy, importAged, newNamespace, sweep } from '../decay-helpers';
import { advanceClock, api, describeHttp, expectBody, openConflict, setEnv, uniqueEntity, wireFact } from '../harness';
import { totalsCacheStats } from '@/lib/synthesis/totals-cache';
import { synthesisStatsCacheStats } from '@/lib/synthesis/synthesis-stats';
import { FactBatch } from '@/lib/wire/records';
import { LintAccepted } from '@/lib/wire/lint';

// A scope's revision (migration 20261124120000_scope_revisions) counts the transactions that wrote
// its facts, value heads or conflicts, whichever path wrote them; the scope page shows a finished
// lint again only while the revision is the one it read and no value expired since.

afterEach(() => setEnv({ STIGMEM_ASYNC_THRESHOLD: undefined }));

const ADMIN = { keyId: null, entityUri: 'stigmem://local/admin', permissions: ['admin' as const], allowedScopes: [...FACT_SCOPES], via: 'open' as const };

const revisions = async () => Object.fromEntries(await Promise.all(FACT_SCOPES.map(async (s) => [s, BigInt(await readOnly((tx) => scopeRevision(tx, s)))] as const)));

/** Runs `write` and returns the scopes whose revision it moved. */
async function movedBy(write: () => Promise<unknown>): Promise<string[]> {
  const before = await revisions();
  await write();
  const after = await revisions();
  return FACT_SCOPES.filter((s) => after[s] !== before[s]).map((s) => {
    expect(after[s]).toBeGreaterThan(before[s]);
    return s;
  });
}

async function startAndFinish(scope: FactScope) {
  const started = await startScopeLint(scope, ADMIN, parseFindingsView({}));
  expect(started).not.toBeNull();
  await runHereEnded(started!.job.job_id, 30_000);
  return started!;
}

describeHttp('scope revisions', () => {
  it('every write path moves the revision of the scope it wrote, and only that one', async () => {
    const entity = uniqueEntity('rev');
    expect(await movedBy(() => api.post('/v1/facts', { facts: [wireFact(entity, 'a', { scope: 'team' })] }))).toEqual(['team']);
    expect(await movedBy(() => api.post('/v1/facts', { facts: [wireFact(entity, 'a', { scope: 'team' }), wireFact(entity, 'b', { scope: 'public' })] }))).toEqual(['team', 'public']);
    // An import keeps its past HLC: "nothing newer than the lint" would miss it, the revision does not.
    expect(await movedBy(() => importAged(entity, 'memory:old', 'x', 3600, { scope: 'local' }))).toEqual(['local']);

    const { conflict, red } = await openConflict({ scope: 'local' });
    expect(await movedBy(async () => expect((await api.post(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/resolve`, { winning_fact_id: red.id })).status).toBe(200))).toEqual(['local']);
    const other = await openConflict({ scope: 'team' });
    expect(await movedBy(async () => expect((await api.post(`/v1/conflicts/${encodeURIComponent(other.conflict.conflict_id)}/dismiss`, { resolution_note: 'both hold' })).status).toBe(200))).toEqual(['team']);

    const ns = newNamespace();
    await importAged(uniqueEntity('rev-aged'), `${ns}:status`, 'old', 7200);
    await createPolicy({ id: `${ns}-ttl`, relation: `${ns}:status`, scope: 'company', mode: 'retract', ttl_s: 3600 });
    expect(await movedBy(() => sweep({ scope: 'company', policy_id: `${ns}-ttl`, mode: 'dry_run' }))).toEqual([]);
    expect(await movedBy(async () => expect((await sweep({ scope: 'company', policy_id: `${ns}-ttl` })).facts_retracted).toBe(1))).toEqual(['company']);

    // Reads and refused writes move nothing.
    expect(await movedBy(() => api.post('/v1/lint', { scope: 'team' }))).toEqual([]);
    expect(await movedBy(async () => expect((await api.post('/v1/facts', { facts: [wireFact(entity, 'a', { scope: 'team' }), { entity }] })).status).toBe(422))).toEqual([]);
  });

  it("a lint still holds until the scope is written or one of its values expires or enters the lookahead", async () => {
    const entity = uniqueEntity('holds');
    // The lint's instant and the value's expiry far in the future (any instant can be passed as now):
    // the windows tested hold no other test's values, which share the scope.
    const now = Date.UTC(2207, 2, 3) + Math.floor(Math.random() * 1e9);
    const expires = new Date(now + 60 * 60_000);
    expectBody(await api.post('/v1/facts', { facts: [wireFact(entity, 'soon', { scope: 'public', relation: 'memory:soon', valid_until: expires.toISOString() })] }), 201, FactBatch);
    const request = lintRequestSchema.parse({ scope: 'public' });
    const checkedAt = new Date(now + 1000);
    const seen = { revision: await readOnly((tx) => scopeRevision(tx, 'public')), at: checkedAt };
    const holds = (at: number, req = request) => readOnly((tx) => lintStillHolds(tx, req, seen, new Date(at)));

    expect(await holds(checkedAt.getTime())).toBe(true);
    expect(await holds(expires.getTime())).toBe(true); // [checkedAt, expires): still live at `expires`
    expect(await holds(expires.getTime() + 1)).toBe(false); // expired in between
    expect(await holds(checkedAt.getTime() - 1)).toBe(false); // a clock that went back holds nothing
    const lookahead = lintRequestSchema.parse({ scope: 'public', stale_lookahead_s: 30 * 60 });
    expect(await holds(expires.getTime() - 31 * 60_000, lookahead)).toBe(true);
    expect(await holds(expires.getTime() - 29 * 60_000, lookahead)).toBe(false); // entered the window

    await api.post('/v1/facts', { facts: [wireFact(uniqueEntity('holds-other'), 'x', { scope: 'local' })] });
    expect(await holds(checkedAt.getTime() + 1)).toBe(true);
    await api.post('/v1/facts', { facts: [wireFact(uniqueEntity('holds-more'), 'x', { scope: 'public' })] });
    expect(await holds(checkedAt.getTime() + 1)).toBe(false);
  });

  it('the scope page shows the last finished lint again while the scope is unchanged, and lints again after a write', async () => {
    const two = uniqueEntity('page');
    await api.post('/v1/facts', { facts: [wireFact(two, 'a', { scope: 'team' }), wireFact(two, 'b', { scope: 'team', relation: 'memory:other' })] });
    setEnv({ STIGMEM_ASYNC_THRESHOLD: '1' });
    const db = await getDb();
    const jobs = () => db.job.count({ where: { kind: 'lint', scope: 'team' } });

    const first = await startAndFinish('team');
    expect(first.unchanged).toBeUndefined();
    const count = await jobs();
    const again = await startScopeLint('team', ADMIN, parseFindingsView({ check: 'orphan' }));
    expect(again).toMatchObject({ unchanged: true, job: { job_id: first.job.job_id } });
    expect(again!.page.job.status).toBe('done');
    expect(again!.page.page).not.toBeNull();
    expect(await jobs()).toBe(count);

    // A lint of one entity, finished later, is no answer for the page: the whole-scope one still is.
    const narrow = expectBody(await api.post('/v1/lint', { scope: 'team', entity: two }), 202, LintAccepted);
    await runHereEnded(narrow.job_id, 30_000);
    expect((await startScopeLint('team', ADMIN, parseFindingsView({})))?.job.job_id).toBe(first.job.job_id);

    const { conflict, red } = await openConflict({ scope: 'team' });
    const afterWrite = await startAndFinish('team');
    expect(afterWrite.unchanged).toBeUndefined();
    expect(afterWrite.job.job_id).not.toBe(first.job.job_id);
    expect((await startScopeLint('team', ADMIN, parseFindingsView({})))?.job.job_id).toBe(afterWrite.job.job_id);

    // Resolving changes only conflicts and facts of the scope: a new lint again.
    await api.post(`/v1/conflicts/${encodeURIComponent(conflict.conflict_id)}/resolve`, { winning_fact_id: red.id });
    const afterResolve = await startAndFinish('team');
    expect(afterResolve.unchanged).toBeUndefined();
    expect(afterResolve.job.job_id).not.toBe(afterWrite.job.job_id);
  });
});

describeHttp('synthesis totals while the scope is unchanged', () => {
  const page = async (body: Record<string, unknown>) => {
    const res = await api.post('/v1/synthesis', { scope: 'public', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { fact_count: number; entry_count: number; filtered_count: number; contradiction_count: number; next_cursor: string | null; summary: unknown[] };
  };
  const totalsOf = ({ fact_count, entry_count, filtered_count, contradiction_count }: Awaited<ReturnType<typeof page>>) => ({ fact_count, entry_count, filtered_count, contradiction_count });

  it('later pages reuse the counted totals; a write or a value expiring makes the next page count again, and right', async () => {
    const entity = uniqueEntity('synth-cache');
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    await api.post('/v1/facts', {
      facts: [wireFact(entity, 'a', { scope: 'public', relation: 'memory:a', confidence: 0.9 }), wireFact(entity, 'b', { scope: 'public', relation: 'memory:b', confidence: 0.9 }), wireFact(entity, 'c', { scope: 'public', relation: 'memory:c', valid_until: soon, confidence: 0.9 })],
    });
    const before = { ...synthesisStatsCacheStats };
    const first = await page({ entity, limit: 1 });
    expect(totalsOf(first)).toEqual({ fact_count: 3, entry_count: 3, filtered_count: 0, contradiction_count: 0 });
    const second = await page({ entity, limit: 1, cursor: first.next_cursor });
    expect(totalsOf(second)).toEqual(totalsOf(first));
    expect(synthesisStatsCacheStats).toEqual({ counted: before.counted + 1, hits: before.hits + 1 });
    // Another minimum in whole hundredths reads the same statistics; one between hundredths is counted on its own.
    expect(totalsOf(await page({ entity, limit: 1, min_confidence: 0.99 }))).toEqual({ fact_count: 3, entry_count: 0, filtered_count: 3, contradiction_count: 0 });
    expect(synthesisStatsCacheStats).toEqual({ counted: before.counted + 1, hits: before.hits + 2 });
    const countedBefore = totalsCacheStats.counted;
    expect(totalsOf(await page({ entity, limit: 1, min_confidence: 0.655 }))).toEqual({ fact_count: 3, entry_count: 3, filtered_count: 0, contradiction_count: 0 });
    expect(totalsCacheStats.counted).toBe(countedBefore + 1);

    await api.post('/v1/facts', { facts: [wireFact(entity, 'd', { scope: 'public', relation: 'memory:d' })] });
    expect(totalsOf(await page({ entity, limit: 1 }))).toEqual({ fact_count: 4, entry_count: 4, filtered_count: 0, contradiction_count: 0 });
    expect(synthesisStatsCacheStats.counted).toBe(before.counted + 2);

    advanceClock(2 * 60 * 60_000);
    expect(totalsOf(await page({ entity, limit: 1 }))).toEqual({ fact_count: 3, entry_count: 3, filtered_count: 0, contradiction_count: 0 });
    expect(synthesisStatsCacheStats.counted).toBe(before.counted + 3);
  });
});
