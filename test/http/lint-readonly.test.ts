import { expect, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/prisma';
import { readOnly } from '@/lib/db/read-only';
import { LintResult } from '@/lib/wire/lint';
import { api, describeHttp, expectBody, uniqueEntity, wireFact, takeTurnsOnScopeHistory } from '../harness';

// §14.5: lint is read-only down to bookkeeping. Every table is fingerprinted before and after a
// lint of a seeded scope (and the dashboard's lint reads); and a write inside the READ ONLY
// transaction lint runs in fails loudly.
//
// A whole-scope lint over the API is also recorded as a health run (docs/decisions.md § Health
// history): the lint reads in its READ ONLY transaction and writes nothing; its caller then stores
// the run row and evaluates alert rules, in tables outside the knowledge base; triggers on them count
// the change for open dashboards (scope_activity, docs/decisions.md § Live updates). Those tables, and
// only those, are left out of the comparison, and the test checks that the run was in fact recorded.
const HEALTH_HISTORY_TABLES = ['health_runs', 'alerts', 'alert_events', 'webhook_deliveries', 'scope_activity'];

async function fingerprint(skip: string[] = []): Promise<Record<string, string>> {
  const db = await getDb();
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
  const result: Record<string, string> = {};
  for (const { name } of tables.filter((t) => !skip.includes(t.name))) {
    const [row] = await db.$queryRaw<{ n: bigint; digest: string | null }[]>(
      Prisma.sql`SELECT count(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${Prisma.raw(`"${name}"`)} t`,
    );
    result[name] = `${row.n}:${row.digest}`;
  }
  return result;
}

describeHttp('lint is read-only', () => {
  takeTurnsOnScopeHistory();
  it('changes no table across a lint of a seeded scope', async () => {
    const scope = 'public';
    const e = () => uniqueEntity('ro');
    const contradicted = e();
    const facts = [
      wireFact(contradicted, 'A', { scope }),
      wireFact(contradicted, 'B', { scope }),
      wireFact(e(), 'expired', { scope, valid_until: '2020-01-01T00:00:00Z' }),
      wireFact(e(), 'soon', { scope, valid_until: new Date(Date.now() + 60_000).toISOString() }),
      wireFact(e(), { type: 'ref', v: uniqueEntity('missing') }, { scope, relation: 'intent:handoff_to' }),
    ];
    for (const fact of facts) expect((await api.post('/v1/facts', fact)).status).toBe(201);
    const before = await fingerprint();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['facts', 'value_heads', 'conflicts', 'jobs', 'api_keys', 'sessions']));

    const result = expectBody(await api.post('/v1/lint', { scope, stale_lookahead_s: 3600 }), 200, LintResult);
    // This test's own entities (on PostgreSQL other files write into the same scope).
    const own = result.findings.filter((f) => f.entity.startsWith('stigmem://test/ro-'));
    expect(new Set(own.map((f) => f.check))).toEqual(new Set(['contradiction', 'stale', 'orphan', 'broken_ref']));
    expect((await api.get('/api/health', { query: { scope } })).status).toBe(200);
    expect((await api.get(`/api/scopes/${scope}/findings`)).status).toBe(200);

    expect(await fingerprint()).toEqual(before);
  });

  it('a recorded whole-scope lint changes only the health-history tables', async () => {
    const scope = 'public';
    expect((await api.post('/v1/facts', wireFact(uniqueEntity('ro'), 'x', { scope, valid_until: '2020-01-01T00:00:00Z' }))).status).toBe(201);
    const db = await getDb();
    const runsBefore = await db.healthRun.count({ where: { scope, trigger: 'api' } });
    const before = await fingerprint(HEALTH_HISTORY_TABLES);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['facts', 'value_heads', 'conflicts', 'alert_rules', 'webhooks', 'leases']));
    expectBody(await api.post('/v1/lint', { scope }), 200, LintResult);
    expect(await fingerprint(HEALTH_HISTORY_TABLES)).toEqual(before);
    expect(await db.healthRun.count({ where: { scope, trigger: 'api' } })).toBe(runsBefore + 1);
  });

  it('a write attempted inside the lint transaction fails loudly', async () => {
    await expect(
      readOnly((tx) => tx.$executeRaw`INSERT INTO node_meta (key, value) VALUES ('lint-write', 'x')`),
    ).rejects.toThrow(/read-only/i);
  });
});

describeHttp('read-only transactions: their timeout', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('ends a read that stays open past its timeout, and lets background work ask for a longer one', async () => {
    // A request's read keeps TX_OPTIONS' timeout; a short one given here must be the one applied.
    await expect(
      readOnly(async (tx) => {
        await pause(400);
        return tx.$queryRaw`SELECT 1`;
      }, { timeoutMs: 150 }),
    ).rejects.toThrow(/expired|timeout|closed/i);
    const [row] = await readOnly(async (tx) => {
      await pause(400);
      return tx.$queryRaw<{ ok: number }[]>`SELECT 1 AS ok`;
    }, { timeoutMs: 5_000 });
    expect(Number(row.ok)).toBe(1);
  });
});
