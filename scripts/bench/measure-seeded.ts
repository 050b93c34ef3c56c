import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FACT_SCOPES, isFactScope } from '../../lib/facts/scope';
import { ensureBuilt, startServer } from './bench-server';
import { type BenchRow, formatBenchTable } from './bench-table';
import { BenchClient } from './http-client';
import { everyDashboardPage, measureEveryPage } from './measure-every-page';
import { measurePages } from './measure-pages';
import { timed } from './timed';

// npm run bench:seeded -- --url postgres://…/db [--scope company] [--runs 3] [--no-build] [--port P]
//   [--only lint,synthesis,dry-run,pages,every-page,after-write,review-queue,sources,reconcile]
//
// The reads of the user's path (`npm run bench`, docs/performance.md) on a PostgreSQL database that
// is already filled — by `npm run seed -- --facts 10000000 --scope company`, say — where writing the
// data through HTTP first would take longer than the reads (10M facts at ~5,000/s: half an hour).
// `next start` on the database, then over HTTP: lint of the scope (a 202 job polled until done, its
// result read whole), synthesis (the first page of 100, and the whole scope streamed), a decay dry
// run under a half-life policy this script adds and removes, and the three streamed dashboard pages
// (server HTML first and last byte; a full load in Chromium). The database's size and the facts of
// the scope are printed with the table; its own memory is not in the RSS column. `every-page` opens
// each of the dashboard's pages in Chromium until it is complete (measure-every-page.ts); it is not
// in the default set (it takes a while at 10M facts). `after-write` (not in the default set either:
// it adds facts to the database) measures health that must keep up with change: each run writes
// 1,000 new facts through POST /v1/facts, 50 of them contradicting a live value of the scope, then
// times a lint and the first synthesis page (issue 32's targets: ≤ 1 s each). `review-queue` (not in
// the default set) times the queue's first page over HTTP, read from the maintained state, against
// the same list narrowed by a filter that still reads every contradiction's review columns (the path
// every page took before), and the queue's figures in-process, maintained against the definition
// (countReviewQueueFull), in one run: docs/decisions.md § Maintained review queue. `sources` (not in
// the default set) times GET /v1/sources of the scope, from the maintained source figures against
// the same aggregate with `full=true` (each source's facts counted, each conflict's facts read), in
// one run (docs/decisions.md § Maintained source figures). `reconcile` (not in the default set) times
// the scheduler's hourly pass in-process, each reconciler over the scope (entity liveness, synthesis
// state, source figures), with the drift each found (0 on a database no one edited by hand).

const POLICY_ID = 'bench-seeded-half-life';
const PARTS = ['lint', 'synthesis', 'dry-run', 'pages', 'every-page', 'after-write', 'review-queue', 'sources', 'reconcile'];
/** after-write: facts per write, and how many of them contradict a live value of the scope. */
const NEW_FACTS = 1_000;
const CONTRADICTING = 50;
const POLL_MS = 100;

/**
 * Reads a body to its end without holding it (a 10M-fact lint or synthesis is more JSON than one
 * JavaScript string may hold): its size, and how often `needle` occurs in it. Counted on the bytes:
 * decoding 456 MB to text to search it took the client seconds of the two cores the server needs.
 */
async function drainCounting(res: Response, needle: string): Promise<{ bytes: number; count: number; head: string }> {
  const reader = res.body!.getReader();
  const pattern = Buffer.from(needle);
  let bytes = 0;
  let count = 0;
  let carry = Buffer.alloc(0);
  const headBytes: Buffer[] = [];
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const data = Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength);
    if (bytes < 2_000) headBytes.push(data.subarray(0, 2_000 - bytes));
    bytes += data.length;
    const text = carry.length ? Buffer.concat([carry, data]) : data;
    for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + pattern.length)) count++;
    carry = Buffer.from(text.subarray(Math.max(0, text.length - (pattern.length - 1))));
  }
  return { bytes, count, head: Buffer.concat(headBytes).toString('utf8') };
}

/** POST, then (for a 202) the job polled until done, its result read whole: bytes and `needle` count. */
async function untilDoneStreamed(url: string, key: string, path: string, body: unknown, jobsPath: string, needle: string) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const first = await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
  if (first.status !== 202) {
    if (first.status !== 200) throw new Error(`POST ${path} answered ${first.status}: ${(await first.text()).slice(0, 300)}`);
    return { ...(await drainCounting(first, needle)), viaJob: false };
  }
  const { job_id: id } = (await first.json()) as { job_id: string };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const answer = await drainCounting(await fetch(`${url}${jobsPath}/${id}`, { headers }), needle);
    if (/"status":\s*"done"/.test(answer.head)) return { ...answer, viaJob: true };
    if (/"status":\s*"failed"/.test(answer.head)) throw new Error(`job ${id} failed: ${answer.head.slice(0, 500)}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      scope: { type: 'string', default: 'company' },
      runs: { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      port: { type: 'string' },
      only: { type: 'string', default: 'lint,synthesis,dry-run,pages' },
    },
  });
  const parts = new Set(values.only.split(','));
  for (const part of parts) if (!PARTS.includes(part)) throw new Error(`--only takes ${PARTS.join(', ')}; got ${part}`);
  const databaseUrl = values.url;
  if (!databaseUrl) throw new Error('--url postgres://… is required: the database to measure');
  const scope = values.scope;
  if (!isFactScope(scope)) throw new Error(`--scope must be one of ${FACT_SCOPES.join(', ')}`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const log = (line: string) => console.error(line);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows: sizeRows } = await db.query<{ facts: string; scope_facts: string; size: string }>(
    'SELECT (SELECT count(*) FROM facts) AS facts, (SELECT count(*) FROM facts WHERE scope = $1) AS scope_facts, pg_size_pretty(pg_database_size(current_database())) AS size',
    [scope],
  );
  // A conflict and its entity, for the pages about one.
  const { rows: sampleRows } = await db.query<{ id: string; entity: string }>("SELECT id, entity FROM conflicts WHERE scope = $1 AND status = 'unresolved' LIMIT 1", [scope]);
  await db.end();
  const facts = Number(sizeRows[0].scope_facts);
  log(`${Number(sizeRows[0].facts).toLocaleString('en-US')} facts, ${facts.toLocaleString('en-US')} in ${scope}; database ${sizeRows[0].size}`);

  ensureBuilt(values['no-build'], log);
  const server = await startServer({ DATABASE_URL: databaseUrl, STIGMEM_SCHEDULER: 'off' }, log, values.port ? Number(values.port) : undefined);
  const rows: BenchRow[] = [];
  const database = 'PostgreSQL (seeded)';
  const row = (method: string, seconds: number, peakRssMb: number, target?: number, note?: string): BenchRow => ({ database, method, facts, seconds, peakRssMb, target, note });
  try {
    const client = new BenchClient(server.url);
    if (parts.has('lint')) {
      log('  lint…');
      let lintNote = '';
      const lint = await timed(runs, async () => {
        const answer = await untilDoneStreamed(server.url, client.key, '/v1/lint', { scope }, '/v1/lint/jobs', '"check":');
        lintNote = `${answer.count.toLocaleString('en-US')} findings, ${(answer.bytes / 2 ** 20).toFixed(0)} MB of JSON${answer.viaJob ? ', through a 202 job' : ''}`;
      });
      const lintRss = server.takePeakRssMb();
      rows.push(row('lint over HTTP, first request after the server started', lint.first, lintRss, 30, lintNote));
      rows.push(row(`lint over HTTP, p50 of ${runs}`, lint.p50, lintRss, 30, lintNote));
    }

    if (parts.has('synthesis')) {
      log('  synthesis…');
      const firstPage = await timed(runs, () => client.call('POST', '/v1/synthesis', { scope, limit: 100 }));
      // The first request counts the scope's totals; later pages reuse them while the scope is unchanged.
      rows.push(row('synthesis over HTTP, first page of 100, first request (maintained totals)', firstPage.first, server.takePeakRssMb()));
      rows.push(row(`synthesis over HTTP, first page of 100, p50 of ${runs}`, firstPage.p50, server.takePeakRssMb()));
      let wholeBytes = 0;
      const whole = await timed(1, async () => (wholeBytes = (await untilDoneStreamed(server.url, client.key, '/v1/synthesis', { scope }, '/v1/synthesis/jobs', '"entity":')).bytes));
      rows.push(row('synthesis over HTTP, whole scope streamed, p50 of 1', whole.p50, server.takePeakRssMb(), undefined, `${(wholeBytes / 2 ** 20).toFixed(0)} MB of JSON`));
    }

    if (parts.has('dry-run')) {
      log('  decay dry run…');
      await client.call('POST', '/v1/decay/policies', { id: POLICY_ID, relation: '*', scope, mode: 'confidence', half_life_s: 600 }, [201]);
      try {
        const dry = await timed(1, () => untilDoneStreamed(server.url, client.key, '/v1/decay/sweep', { scope, mode: 'dry_run' }, '/v1/decay/jobs', '"fact_id":'));
        rows.push(row('decay dry run over HTTP, p50 of 1', dry.p50, server.takePeakRssMb()));
      } finally {
        await client.call('DELETE', `/v1/decay/policies/${POLICY_ID}`, undefined, [200, 204]);
      }
    }

    if (parts.has('after-write')) {
      log(`  after ${NEW_FACTS.toLocaleString('en-US')} new facts: lint and the first synthesis page…`);
      const live = await liveStrings(databaseUrl, scope, 2 * CONTRADICTING * (runs + 1));
      let round = 0;
      const write = async () => {
        const tag = `${Date.now().toString(36)}-${round}`;
        const targets = live.slice(round * CONTRADICTING, (round + 1) * CONTRADICTING);
        round += 1;
        const facts = [
          ...targets.map((t) => ({ entity: t.entity, relation: t.relation, value: { type: 'string', v: `after-write ${tag}` }, source: 'stigmem://bench/after-write', scope })),
          ...Array.from({ length: NEW_FACTS - targets.length }, (_, i) => ({
            entity: `stigmem://bench/after-write/${tag}/${i % 200}`, relation: `memory:note${i % 5}`, value: { type: 'string', v: `note ${i}` }, source: 'stigmem://bench/after-write', scope,
          })),
        ];
        await client.call('POST', '/v1/facts', { facts }, [201]);
      };
      let lintNote = '';
      const lint = await timed(runs, async () => {
        await write();
        const started = performance.now();
        const answer = await untilDoneStreamed(server.url, client.key, '/v1/lint', { scope }, '/v1/lint/jobs', '"check":');
        const seconds = (performance.now() - started) / 1000;
        lintNote = `${answer.count.toLocaleString('en-US')} findings${answer.viaJob ? ', through a 202 job' : ''}; the write itself not counted`;
        return { seconds };
      });
      rows.push(row(`lint over HTTP after ${NEW_FACTS.toLocaleString('en-US')} new facts (${CONTRADICTING} contradicting), p50 of ${runs}`, lint.p50, server.takePeakRssMb(), 1, lintNote));
      let pageNote = '';
      const lintFirstPage = await timed(runs, async () => {
        await write();
        const started = performance.now();
        const answer = (await client.call('POST', '/v1/lint', { scope, limit: 100 }, [200])).json as { findings: { check: string }[]; fact_count: number };
        const seconds = (performance.now() - started) / 1000;
        pageNote = `${answer.findings.length} findings (${[...new Set(answer.findings.map((f) => f.check))].join(', ')}) of ${answer.fact_count.toLocaleString('en-US')} facts; the write itself not counted`;
        return { seconds };
      });
      rows.push(row(`lint first page of 100 (limit) after ${NEW_FACTS.toLocaleString('en-US')} new facts, p50 of ${runs}`, lintFirstPage.p50, server.takePeakRssMb(), 1, pageNote));
      const page = await timed(runs, async () => {
        await write();
        const started = performance.now();
        await client.call('POST', '/v1/synthesis', { scope, limit: 100 });
        return { seconds: (performance.now() - started) / 1000 };
      });
      rows.push(row(`synthesis first page of 100 after ${NEW_FACTS.toLocaleString('en-US')} new facts, p50 of ${runs}`, page.p50, server.takePeakRssMb(), 1, 'the write itself not counted'));
    }

    if (parts.has('review-queue')) {
      log('  review queue…');
      const queue = (extra: string) => () => client.call('GET', `/v1/conflicts?group=triple&status=unresolved&scope=${scope}&limit=50${extra}`, undefined, [200]);
      const kept = await timed(runs, queue(''));
      const full = await timed(runs, queue('&has_suggestion=false'));
      const rss = server.takePeakRssMb();
      rows.push(row(`review queue, first page of 50 over HTTP (maintained state), p50 of ${runs}`, kept.p50, rss, 2, `first request ${kept.first.toFixed(2)} s; ${(kept.p50 / full.p50).toFixed(3)} × the row below`));
      rows.push(row(`review queue, first page of 50 with has_suggestion=false over HTTP (every contradiction's review columns), p50 of ${runs}`, full.p50, rss, undefined, `first request ${full.first.toFixed(2)} s`));
      // The figures in this process, on the same database: the lib reads DATABASE_URL when first asked.
      process.env.DATABASE_URL = databaseUrl;
      const { readOnly } = await import('../../lib/db/read-only');
      const { countReviewQueue, countReviewQueueFull } = await import('../../lib/facts/count-review-queue');
      const figures = (count: typeof countReviewQueue) => () => readOnly((tx) => count(tx, [scope], new Date()));
      const keptFigures = await timed(runs, figures(countReviewQueue));
      const fullFigures = await timed(runs, figures(countReviewQueueFull));
      rows.push(row(`review-queue figures in-process (countReviewQueue, maintained), p50 of ${runs}`, keptFigures.p50, 0, undefined, `${(keptFigures.p50 / fullFigures.p50).toFixed(3)} × the row below; the server's RSS not measured`));
      rows.push(row(`review-queue figures in-process (countReviewQueueFull, every contradiction), p50 of ${runs}`, fullFigures.p50, 0));
    }

    if (parts.has('sources')) {
      log('  sources…');
      const sources = (extra: string) => () => client.call('GET', `/v1/sources?scope=${scope}&limit=100${extra}`, undefined, [200]);
      const kept = await timed(runs, sources(''));
      const full = await timed(runs, sources('&full=true'));
      const same = JSON.stringify(omitTime((await sources('')()).json)) === JSON.stringify(omitTime((await sources('&full=true')()).json));
      const rss = server.takePeakRssMb();
      rows.push(row(`sources of the scope over HTTP (maintained source figures), p50 of ${runs}`, kept.p50, rss, 2, `first request ${kept.first.toFixed(2)} s; ${(kept.p50 / full.p50).toFixed(3)} × the row below; answers ${same ? 'equal' : 'DIFFER'}`));
      rows.push(row(`sources of the scope with full=true over HTTP (every fact and conflict read), p50 of ${runs}`, full.p50, rss, undefined, `first request ${full.first.toFixed(2)} s`));
    }

    if (parts.has('reconcile')) {
      log('  reconcilers…');
      process.env.DATABASE_URL = databaseUrl;
      const { reconcileEntityLiveness } = await import('../../lib/facts/entity-liveness');
      const { reconcileSynthesisState } = await import('../../lib/synthesis/synthesis-state');
      const { reconcileSourceState } = await import('../../lib/sources/source-state');
      const passes = [
        ['entity liveness', reconcileEntityLiveness],
        ['synthesis state', reconcileSynthesisState],
        ['source figures', reconcileSourceState],
      ] as const;
      for (const [name, reconcile] of passes) {
        let repaired = 0;
        const pass = await timed(runs, async () => void (repaired += (await reconcile(scope)).repaired));
        rows.push(row(`reconciler in-process: ${name} compared with a full count, p50 of ${runs}`, pass.p50, 0, undefined, `first ${pass.first.toFixed(2)} s; ${repaired} drifted rows found and repaired; the server's RSS not measured`));
      }
    }

    const cookie = parts.has('pages') || parts.has('every-page') ? await client.signIn() : '';
    const skipped = (method: string, why: string): BenchRow => ({ database, method, facts: 0, seconds: 0, peakRssMb: 0, skipped: why });
    if (parts.has('pages')) {
      log('  pages…');
      rows.push(
        ...(await measurePages({
          url: server.url,
          cookie,
          scope,
          runs,
          targets: { firstByte: 0.3, fullLoad: 2 },
          timed,
          row: (method, seconds, target, note) => row(method, seconds, server.takePeakRssMb(), target, note),
          skipped,
        })),
      );
    }

    if (parts.has('every-page')) {
      log('  every dashboard page…');
      const sample = { conflictId: sampleRows[0]?.id ?? null, entity: sampleRows[0]?.entity ?? null };
      rows.push(
        ...(await measureEveryPage({
          url: server.url,
          cookie,
          pages: everyDashboardPage(scope, sample),
          target: 2,
          row: (method, seconds, target, note) => row(method, seconds, server.takePeakRssMb(), target, note),
          skipped,
        })),
      );
    }
  } catch (error) {
    // A server that died mid-run (an out-of-memory lint job, say) shows up as "fetch failed": say why.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const gone = server.exited();
    if (gone) log(`the server exited (code ${gone.code}, signal ${gone.signal}); the end of its stderr:\n${gone.stderr}`);
    throw error;
  } finally {
    await server.stop();
  }
  console.log(`## Stigmem Health on a seeded database — ${new Date().toISOString()}`);
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.split(' ')[0] ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, load average ${os.loadavg()[0].toFixed(2)} at the end.`);
  console.log(`${Number(sizeRows[0].facts).toLocaleString('en-US')} fact rows, ${facts.toLocaleString('en-US')} in scope ${scope}; database ${sizeRows[0].size}. Targets: lint ≤ 30 s, every page ≤ 2 s (issue 16), first byte ≤ 0.3 s.\n`);
  console.log(formatBenchTable(rows));
}

main().catch((error: Error) => {
  // fetch() says only "fetch failed"; its cause says which (a refused connection, a headers timeout…).
  console.error(`bench:seeded failed: ${error.stack ?? error.message}${error.cause ? `\ncaused by: ${String(error.cause)}` : ''}`);
  process.exitCode = 1;
});

/** Live string values of `scope` (entity, relation), `n` of them, each of another triple: what after-write contradicts. */
async function liveStrings(databaseUrl: string, scope: string, n: number): Promise<{ entity: string; relation: string }[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ entity: string; relation: string }>(
      `SELECT DISTINCT ON (entity, relation) entity, relation FROM value_heads
       WHERE scope = $1 AND value_type = 'string' AND confidence > 0 AND valid_until IS NULL AND relation NOT LIKE 'stigmem:%'
       LIMIT $2`,
      [scope, n],
    );
    return rows;
  } finally {
    await db.end();
  }
}

/** A sources answer without the instant it was computed at, to compare two answers read moments apart. */
function omitTime(answer: unknown): unknown {
  const { computed_at: _computedAt, ...rest } = answer as { computed_at?: string };
  return rest;
}
