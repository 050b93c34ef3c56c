import { existsSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import type { BenchRow } from './bench-table';

// Every dashboard page in Chromium, as a signed-in operator opens it (issue 16: "every dashboard page
// ≤ 2 s" at 10M facts): from the navigation until the page is complete — nothing on it says it is
// still loading (a skeleton, a busy region, a lint job's progress) and no request of the page is
// still open — on a first visit with an empty browser cache and again with the cache warm.

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const LOADING = '[data-testid="page-loading"], [data-testid$="-loading"], [aria-busy="true"], [data-testid="lint-job"]';
/** A page whose requests have all ended and that shows nothing loading for this long is complete. */
const QUIET_MS = 300;
const LIMIT_MS = 120_000;

export interface PageToOpen {
  name: string;
  path: string;
}

/** The dashboard's pages, with a conflict and an entity of the scope for the pages about one. */
export function everyDashboardPage(scope: string, sample: { conflictId: string | null; entity: string | null }): PageToOpen[] {
  const pages: PageToOpen[] = [
    { name: 'health overview', path: '/' },
    { name: `scope page (${scope})`, path: `/scopes/${scope}` },
    { name: 'conflict queue', path: '/conflicts' },
    { name: 'review history', path: '/conflicts/history' },
    { name: 'divergence', path: '/conflicts/divergence' },
    { name: 'decay', path: '/decay' },
    { name: `synthesis (${scope})`, path: `/synthesis?scope=${scope}` },
    { name: `health history (${scope})`, path: `/health-history/${scope}` },
    { name: 'alerts', path: '/alerts' },
    { name: 'entities', path: '/entities' },
    { name: 'keys', path: '/keys' },
    { name: 'node', path: '/node' },
    { name: 'audit', path: '/audit' },
    { name: 'quarantine', path: '/quarantine' },
    { name: `sources (${scope})`, path: `/sources?scope=${scope}` },
  ];
  if (sample.conflictId) pages.push({ name: 'a conflict', path: `/conflicts/${encodeURIComponent(sample.conflictId)}` });
  if (sample.entity) pages.push({ name: 'an entity', path: `/entities/${encodeURIComponent(sample.entity)}` });
  return pages;
}

/** Seconds from the navigation until the page is complete, or null when it was not within LIMIT_MS. */
async function openUntilComplete(tab: Page, url: string): Promise<number | null> {
  // The page's requests still open, but its live-update stream (/api/live: an event stream that stays
  // open while the page does, by design).
  const pending = new Set<Request>();
  let lastEnd = 0;
  const started = performance.now();
  const ended = (request: Request) => {
    if (pending.delete(request)) lastEnd = performance.now();
  };
  tab.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/live') pending.add(request);
  });
  tab.on('requestfinished', ended);
  tab.on('requestfailed', ended);
  try {
    await tab.goto(url, { waitUntil: 'load', timeout: LIMIT_MS });
    let quietSince = 0;
    while (performance.now() - started < LIMIT_MS) {
      const loading = await tab.locator(LOADING).count();
      const now = performance.now();
      if (pending.size || loading) quietSince = 0;
      else if (!quietSince) quietSince = now;
      else if (now - quietSince >= QUIET_MS) return (Math.max(lastEnd, quietSince) - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return null;
  } finally {
    tab.removeAllListeners('request');
    tab.removeAllListeners('requestfinished');
    tab.removeAllListeners('requestfailed');
  }
}

export async function measureEveryPage(options: {
  url: string;
  cookie: string;
  pages: PageToOpen[];
  target: number;
  row: (method: string, seconds: number, target?: number, note?: string) => BenchRow;
  skipped: (method: string, why: string) => BenchRow;
}): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM)) return [options.skipped('every dashboard page in Chromium', `no Chromium at ${CHROMIUM}`)];
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  const rows: BenchRow[] = [];
  try {
    for (const page of options.pages) {
      const context = await browser.newContext();
      const [name, value] = options.cookie.split('=');
      await context.addCookies([{ name, value, url: options.url }]);
      const tab = await context.newPage();
      const first = await openUntilComplete(tab, options.url + page.path);
      const warm = await openUntilComplete(tab, options.url + page.path);
      await context.close();
      for (const [visit, seconds] of [['first visit (empty browser cache)', first], ['browser cache warm', warm]] as const) {
        const method = `${page.name} ${page.path}, complete in Chromium, ${visit}`;
        rows.push(seconds === null ? options.skipped(method, `not complete after ${LIMIT_MS / 1000} s`) : options.row(method, seconds, options.target));
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
