import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_PORT } from '../support/e2e-env';
import { secondNodeEnv, waitForNode } from '../support/second-node';

// The demo tour (issue 17): `npm run demo` (here with 6,000 facts, the same story) on a database
// of its own, on the port after the suite's, then the README's tour: scopes of different health,
// aged conflicts with suggestions from recent evidence, a decay dry run with changes, a history
// that is not flat and snapshots a week apart.

const PORT = E2E_PORT + 1;
const BASE = `http://localhost:${PORT}`;
let demo: ChildProcess | undefined;
let dataDir: string | undefined;

test.describe('demo tour', () => {
  const root = path.join(__dirname, '..', '..');
  const startDemo = async (extra: string[] = []) => {
    demo = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=react-server', 'scripts/demo.ts', '--skip-build', '--facts', '6000', '--port', String(PORT), ...extra], {
      cwd: root,
      env: secondNodeEnv({ STIGMEM_DATA_DIR: dataDir! }),
      stdio: 'ignore',
      detached: true,
    });
    await waitForNode(BASE, demo, 'npm run demo', 500);
  };
  const stopDemo = async () => {
    if (demo?.pid && demo.exitCode === null) {
      process.kill(-demo.pid, 'SIGTERM');
      await new Promise((resolve) => demo!.once('close', resolve));
    }
  };

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'stigmem-demo-'));
    await startDemo();
  });

  test.afterAll(async () => {
    await stopDemo();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('every page shows its feature with the demo data', async ({ page }) => {
    test.setTimeout(120_000);
    expect((await page.request.post(`${BASE}/api/session`, { data: { key: E2E_ADMIN_KEY }, headers: { origin: BASE } })).status()).toBe(200);

    await page.goto(`${BASE}/`);
    const score = async (scope: string) => Number((await page.getByTestId(`scope-${scope}-score`).textContent())?.match(/\d+/)?.[0]);
    expect(await score('public')).toBe(100);
    expect(await score('team')).toBeLessThan(await score('company'));

    await page.goto(`${BASE}/conflicts`);
    await expect(page.getByTestId('aged-badge').first()).toBeVisible();
    await page.goto(`${BASE}/conflicts?has_suggestion=true`);
    await expect(page.getByTestId('queue-suggestion').filter({ hasText: 'evidence' }).first()).toBeVisible();
    await page.goto(`${BASE}/conflicts?status=dismissed`);
    await expect(page.getByTestId('conflict-row').first()).toBeVisible();

    await page.goto(`${BASE}/decay?scope=local`);
    await expect(page.getByTestId('dry-run-would-reduce')).not.toHaveText('0');

    await page.goto(`${BASE}/health-history/team?range=30`);
    const scores = await page.getByTestId('runs-table').locator('tbody tr td:nth-child(2)').allTextContents();
    expect(new Set(scores).size).toBeGreaterThan(1);

    await page.goto(`${BASE}/synthesis?scope=team&tab=snapshots`);
    await expect(page.getByTestId('snapshot-row')).toHaveCount(2);
  });

  test('the demo history is what the node says of each past instant: three random runs recomputed by lint as_of', async ({ request }) => {
    test.setTimeout(120_000);
    const auth = { authorization: `Bearer ${E2E_ADMIN_KEY}` };
    type Finding = { check: string; severity: string; entity: string; relation: string | null; conflict_id?: string; ref_target?: string };
    type Run = { id: string; trigger: string; started_at: string; score: number; fact_count: number; findings: Record<string, Record<string, number>>; new_count: number; fixed_count: number };
    const runs = ((await (await request.get(`${BASE}/v1/health/runs?scope=team&limit=500`, { headers: auth })).json()) as { runs: Run[] }).runs.reverse();
    const replayed = runs.filter((r) => r.trigger === 'replay');
    // One run a day from the scope's first fact, up to 90 days; no other kind of row in the past.
    expect(replayed.length).toBeGreaterThanOrEqual(60);
    expect(runs.filter((r) => r.trigger !== 'replay').length).toBe(1);
    const lintAt = async (at: string) => {
      const res = await request.post(`${BASE}/v1/lint`, { headers: auth, data: { scope: 'team', as_of: at } });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { findings: Finding[]; fact_count: number });
    };
    const counts = (findings: Finding[]) => {
      const out: Record<string, Record<string, number>> = {};
      for (const f of findings) (out[f.check] ??= {})[f.severity] = (out[f.check]?.[f.severity] ?? 0) + 1;
      return out;
    };
    // Identity as the run keeps it: check, entity, relation, target (a contradiction is one per triple).
    const identities = (findings: Finding[]) => new Set(findings.map((f) => [f.check, f.entity, f.relation ?? '', f.check === 'contradiction' ? '' : (f.conflict_id ?? ''), f.ref_target ?? ''].join('\u0000')));
    const picks = new Set<number>();
    while (picks.size < 3) picks.add(1 + Math.floor(Math.random() * (replayed.length - 1)));
    for (const i of picks) {
      const [before, run] = [replayed[i - 1], replayed[i]];
      const [then, previous] = [await lintAt(run.started_at), await lintAt(before.started_at)];
      expect(run.findings, `run of ${run.started_at}`).toEqual(counts(then.findings));
      expect(run.fact_count).toBe(then.fact_count);
      const [now, was] = [identities(then.findings), identities(previous.findings)];
      expect([run.new_count, run.fixed_count], `diff of ${run.started_at}`).toEqual([[...now].filter((x) => !was.has(x)).length, [...was].filter((x) => !now.has(x)).length]);
    }
  });

  test('npm run demo -- --reset puts the demo back as it was seeded, with the same admin key', async ({ request }) => {
    test.setTimeout(360_000);
    const auth = { authorization: `Bearer ${E2E_ADMIN_KEY}` };
    type Queue = { contradictions?: { contradiction_id: string }[]; total?: number };
    const queue = async () => (await (await request.get(`${BASE}/v1/conflicts?scope=team&group=triple&status=unresolved&limit=1`, { headers: auth })).json()) as Queue;
    const snapshots = async () => ((await (await request.get(`${BASE}/v1/synthesis/snapshots?scope=team`, { headers: auth })).json()) as { snapshots: unknown[] }).snapshots.length;
    const seeded = { open: (await queue()).total, snapshots: await snapshots() };
    expect(seeded.open).toBeGreaterThan(0);
    // What an outside suite leaves behind: a decision and a snapshot.
    const [first] = (await queue()).contradictions ?? [];
    expect((await request.post(`${BASE}/v1/conflicts/${encodeURIComponent(first.contradiction_id)}/dismiss`, { headers: auth, data: { resolution_note: 'a test run' } })).status()).toBe(200);
    expect((await request.post(`${BASE}/v1/synthesis/snapshots`, { headers: auth, data: { scope: 'team', label: 'left by a test run' } })).status()).toBe(201);
    expect([(await queue()).total, await snapshots()]).toEqual([seeded.open! - 1, seeded.snapshots + 1]);

    await stopDemo();
    await startDemo(['--reset']);
    expect([(await queue()).total, await snapshots()]).toEqual([seeded.open, seeded.snapshots]);
  });
});
