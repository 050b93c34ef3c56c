import { existsSync } from 'node:fs';
import { FACT_SCOPES } from '../../lib/facts/scope';
import type { BenchRow } from './bench-table';

// The dashboard pages that stream (a shell first, each section as its data is ready), timed on a
// started server as a signed-in user meets them: the server HTML's first byte (the shell) and last
// byte (every section streamed in), and a full load in Chromium until no section is still loading.

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface DashboardPage {
  name: string;
  path: string;
  /** Every one of these is on the page once it is complete. */
  ready: string[];
  /** The page shows a finished lint again while its scope is unchanged: also timed after a write. */
  lintsAfterWrite?: boolean;
}

export function dashboardPages(scope: string): DashboardPage[] {
  return [
    { name: 'health overview page', path: '/', ready: FACT_SCOPES.map((s) => `[data-testid="scope-card-${s}"]`) },
    // Above STIGMEM_ASYNC_THRESHOLD facts the findings come from a background lint job the page starts.
    { name: `scope page (${scope})`, path: `/scopes/${scope}`, ready: ['[data-testid="findings-table"], [data-testid="scope-healthy"], [data-testid="lint-job-done"]'], lintsAfterWrite: true },
    { name: 'conflict queue page', path: '/conflicts', ready: ['[data-testid="conflict-table"], main [data-testid="empty-state"]'] },
  ];
}

export interface PageTargets {
  firstByte: number;
  fullLoad: number;
}

type Timed = (runs: number, work: () => Promise<unknown>) => Promise<{ first: number; p50: number }>;

/** Seconds until the first chunk of the body and until its last, for one GET. */
async function serverHtml(url: string, cookie: string): Promise<{ firstByte: number; lastByte: number; bytes: number; html: string }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let firstByte = 0;
  let html = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (!firstByte) firstByte = (performance.now() - started) / 1000;
    html += decoder.decode(chunk.value, { stream: true });
  }
  return { firstByte, lastByte: (performance.now() - started) / 1000, bytes: html.length, html };
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Server HTML rows (first byte, last byte; p50 of `runs` after one warm-up) and Chromium rows
 * (first visit with an empty cache, then p50 of `runs` with the cache warm) for every page.
 */
export async function measurePages(options: {
  url: string;
  cookie: string;
  scope: string;
  runs: number;
  targets: PageTargets;
  timed: Timed;
  row: (method: string, seconds: number, target?: number, note?: string) => BenchRow;
  skipped: (method: string, why: string) => BenchRow;
  /**
   * Writes one fact to the scope, before each "after a write" visit (the scope page must lint again).
   * Absent for a database the benchmark must not change (bench:seeded): those rows are not measured.
   */
  write?: () => Promise<unknown>;
}): Promise<BenchRow[]> {
  const { url, cookie, runs, targets, row } = options;
  const pages = dashboardPages(options.scope);
  const rows: BenchRow[] = [];
  for (const page of pages) {
    await serverHtml(url + page.path, cookie);
    const samples: Awaited<ReturnType<typeof serverHtml>>[] = [];
    for (let i = 0; i < runs; i++) samples.push(await serverHtml(url + page.path, cookie));
    const streamed = (samples.at(-1)!.html.match(/<template id="B:/g) ?? []).length;
    const note = `${(samples.at(-1)!.bytes / 1024).toFixed(0)} kB of HTML, ${streamed} Suspense boundaries sent as fallbacks first`;
    rows.push(row(`${page.name}, server HTML first byte, p50 of ${runs}`, p50(samples.map((s) => s.firstByte)), targets.firstByte));
    rows.push(row(`${page.name}, server HTML until the last byte, p50 of ${runs}`, p50(samples.map((s) => s.lastByte)), undefined, note));
  }
  if (!existsSync(CHROMIUM)) return [...rows, options.skipped('dashboard pages, full load in Chromium', `no Chromium at ${CHROMIUM}`)];
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  try {
    for (const page of pages) {
      // A fresh context per page: its first visit starts with an empty browser cache.
      const context = await browser.newContext();
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name, value, url }]);
      const tab = await context.newPage();
      const load = async (on = tab) => {
        await on.goto(url + page.path, { waitUntil: 'load' });
        for (const selector of page.ready) await on.locator(selector).first().waitFor({ timeout: 120_000 });
        await on.waitForFunction(() => !document.querySelector('[data-testid="page-loading"], [data-testid="lint-job"]'), undefined, { timeout: 120_000 });
      };
      const loads = await options.timed(runs, () => load());
      const reused = page.lintsAfterWrite ? 'the scope is unchanged since an earlier visit: the page shows its finished lint' : undefined;
      rows.push(row(`${page.name}, full load in Chromium, first visit (empty browser cache)`, loads.first, targets.fullLoad, reused));
      rows.push(row(`${page.name}, full load in Chromium, browser cache warm, p50 of ${runs}`, loads.p50, targets.fullLoad, reused));
      if (page.lintsAfterWrite && options.write) {
        // The visits above show the lint an earlier visit ran (nothing changed since); after a write
        // every visit lints again, as a user's first visit after their agents wrote does. A fresh
        // context again: the first of these visits starts with an empty browser cache too.
        const fresh = await browser.newContext();
        await fresh.addCookies([{ name, value, url }]);
        const freshTab = await fresh.newPage();
        const afterWrite: number[] = [];
        for (let i = 0; i <= runs; i++) {
          await options.write();
          const started = performance.now();
          await load(freshTab);
          afterWrite.push((performance.now() - started) / 1000);
        }
        await fresh.close();
        rows.push(row(`${page.name}, full load in Chromium after a write (lints again), first visit (empty browser cache)`, afterWrite[0], targets.fullLoad));
        rows.push(row(`${page.name}, full load in Chromium after a write (lints again), browser cache warm, p50 of ${runs}`, p50(afterWrite.slice(1)), targets.fullLoad));
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
