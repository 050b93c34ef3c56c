import { getDb } from '../db/prisma';
import { writeFacts } from '../facts/write-facts';
import type { FactScope } from '../facts/scope';
import { seedBatches, seedFactId, tenantDomain } from './generate-knowledge-base';
import type { SeedFactKind } from './seed-plan';
import { settleAfterBulkLoad, statisticsRefresher } from './refresh-statistics';
import { hlcAt, seedTimeline } from './seed-timeline';

// Writes a generated knowledge base through the one write path (writeFacts, import mode: ids,
// timestamps and HLCs kept), one transaction per batch, and recognizes a database that already
// holds it: every fact id is a function of (seed, id space, index), so the first and last ids say
// whether this (facts, seed) was written completely, partly (an interrupted run: resumed batch by
// batch, a batch being all-or-nothing), or not at all. It runs ANALYZE each time the number of
// facts written doubles (refresh-statistics.ts), which keeps the write path's plans good while the
// tables grow from nothing, and VACUUM (ANALYZE) at the end, so reads start on settled tables.

export interface SeedRunOptions {
  facts: number;
  seed: number;
  batchSize?: number;
  /** Write a new knowledge base (next tenant, fresh ids) even when this seed is already there. */
  forceNewSeed?: boolean;
  /** Every fact in this scope (the scale runs' "one scope" case); the same ids as without it. */
  onlyScope?: FactScope;
  now?: Date;
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedProgress {
  written: number;
  skipped: number;
  total: number;
  elapsedMs: number;
  factsPerSecond: number;
  /** NaN until something was written (resuming skips batches first). */
  etaMs: number;
}

export interface SeedRunResult {
  status: 'seeded' | 'resumed' | 'already-seeded';
  detail: string;
  idSpace: number;
  domain: string;
  written: number;
  skipped: number;
  seconds: number;
  factsPerSecond: number;
  conflictsOpened: number;
  conflictsClosed: number;
  byKind: Partial<Record<SeedFactKind, number>>;
  byScope: Partial<Record<FactScope, number>>;
}

type Existing = 'none' | 'complete' | 'partial' | 'other-size';

async function existingSeed(facts: number, seed: number, idSpace: number, now: Date): Promise<Existing> {
  const db = await getDb();
  const firstId = seedFactId(seed, idSpace, 0);
  const lastId = seedFactId(seed, idSpace, facts - 1);
  const rows = await db.$queryRaw<{ id: string; hlc_wall: bigint }[]>`SELECT id, hlc_wall FROM facts WHERE id IN (${firstId}, ${lastId})`;
  const first = rows.find((r) => r.id === firstId);
  if (!first) return 'none';
  // The first fact's HLC depends on --facts (the timeline's step), so it tells a different size apart.
  const timeline = seedTimeline(facts, seed, { nowMs: now.getTime() });
  const expectedWall = hlcAt(timeline, 0, 0, null).wall + idSpace;
  const sameSize = Math.abs(Number(first.hlc_wall) - expectedWall) <= timeline.stepMs;
  if (!sameSize) return 'other-size';
  return rows.some((r) => r.id === lastId) ? 'complete' : 'partial';
}

async function chooseIdSpace(options: SeedRunOptions, now: Date): Promise<{ idSpace: number; existing: Existing; notes: string[] }> {
  const notes: string[] = [];
  for (let idSpace = 0; idSpace < 1000; idSpace++) {
    const existing = await existingSeed(options.facts, options.seed, idSpace, now);
    if (!options.forceNewSeed || existing === 'none') return { idSpace, existing, notes };
    notes.push(`id space ${idSpace} (${tenantDomain(idSpace)}) already holds seed ${options.seed}`);
  }
  throw new Error('no free id space below 1000');
}

export async function runSeed(options: SeedRunOptions): Promise<SeedRunResult> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 1000;
  const { idSpace, existing, notes } = await chooseIdSpace(options, now);
  const domain = tenantDomain(idSpace);
  const base = { idSpace, domain, written: 0, skipped: 0, seconds: 0, factsPerSecond: 0, conflictsOpened: 0, conflictsClosed: 0, byKind: {}, byScope: {} };
  if (existing === 'complete' || existing === 'other-size') {
    const what = existing === 'complete' ? `${options.facts} facts of seed ${options.seed}` : `seed ${options.seed} with a different --facts`;
    return { ...base, status: 'already-seeded', detail: `the database already holds ${what} (${domain}); nothing written. Use --force-new-seed for another knowledge base.` };
  }

  const db = await getDb();
  const result: SeedRunResult = {
    ...base,
    status: existing === 'partial' ? 'resumed' : 'seeded',
    detail: [...notes, existing === 'partial' ? 'an earlier run was interrupted: resuming it' : `writing ${domain}`].join('; '),
  };
  const refreshStatistics = statisticsRefresher(db);
  const started = performance.now();
  for (const batch of seedBatches({ facts: options.facts, seed: options.seed, idSpace, now, onlyScope: options.onlyScope }, batchSize)) {
    const ids = batch.map((f) => f.input.id);
    const present = existing === 'partial' ? await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM facts WHERE id = ANY(${ids}::text[])` : [{ n: 0 }];
    if (present[0].n === batch.length) {
      result.skipped += batch.length;
    } else {
      const written = await writeFacts(batch.map((f) => f.input), { mode: 'import' });
      result.written += batch.length;
      result.conflictsOpened += written.opened.length;
      result.conflictsClosed += written.closed.length;
      await refreshStatistics(result.written);
      for (const fact of batch) {
        result.byKind[fact.kind] = (result.byKind[fact.kind] ?? 0) + 1;
        result.byScope[fact.input.scope] = (result.byScope[fact.input.scope] ?? 0) + 1;
      }
    }
    const elapsedMs = performance.now() - started;
    const factsPerSecond = result.written / Math.max(elapsedMs / 1000, 1e-3);
    const remaining = options.facts - result.written - result.skipped;
    options.onProgress?.({ written: result.written, skipped: result.skipped, total: options.facts, elapsedMs, factsPerSecond, etaMs: result.written ? (remaining / factsPerSecond) * 1000 : Number.NaN });
  }
  result.seconds = (performance.now() - started) / 1000;
  result.factsPerSecond = result.written / Math.max(result.seconds, 1e-3);
  if (result.written) await settleAfterBulkLoad(db);
  return result;
}
