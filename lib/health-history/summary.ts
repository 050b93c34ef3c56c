import type { FactScope } from '../facts/scope';
import { z } from 'zod';
import { getDb } from '../db/prisma';
import { scopeSchema } from '../facts/scope';
import type { FindingCounts } from '../lint/finding-counts';
import { HEAVY } from './run-queries';
import { type HealthRunRecord, toRunRecord } from './run-record';

// GET /v1/health/summary?scope&range=7d|30d|90d: the series the charts draw (one point per run,
// at most 2,000 per scope, thinned evenly), the latest run and the change since the one before.

export const RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const;
export const summaryQuerySchema = z.object({
  scope: scopeSchema.optional(),
  range: z.enum(['7d', '30d', '90d'], { error: 'range is 7d, 30d or 90d' }).default('30d'),
});

const MAX_POINTS = 2000;

export interface SeriesPoint {
  run_id: string;
  at: string;
  status: string;
  score: number | null;
  findings: FindingCounts;
  totals: HealthRunRecord['totals'];
  pending_conflicts: number;
  aged_conflicts: number;
  duration_ms: number | null;
  new_count: number;
  fixed_count: number;
}

export interface ScopeSummary {
  scope: string;
  range: string;
  latest: HealthRunRecord | null;
  /** Score change of the latest finished run against the one before it (null with fewer than two). */
  score_change: number | null;
  checks: string[];
  series: SeriesPoint[];
}

function thin<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)]).concat(items.at(-1)!).slice(-max);
}

/** One scope's series; callers check read permission (the health page renders only readable scopes). */
export async function scopeSummary(scope: string, range: keyof typeof RANGES, now = new Date()): Promise<ScopeSummary> {
  const since = new Date(now.getTime() - RANGES[range] * 86400_000);
  const db = await getDb();
  const rows = await db.healthRun.findMany({ where: { scope, startedAt: { gte: since }, status: { not: 'running' } }, omit: HEAVY, orderBy: [{ startedAt: 'asc' }, { id: 'asc' }] });
  const runs = rows.map((r) => toRunRecord(r, now));
  const ok = runs.filter((r) => r.status === 'ok');
  const [before, latestOk] = ok.length >= 2 ? ok.slice(-2) : [null, ok.at(-1) ?? null];
  return {
    scope,
    range,
    latest: runs.at(-1) ?? null,
    score_change: before && latestOk && before.score !== null && latestOk.score !== null ? latestOk.score - before.score : null,
    checks: [...new Set(runs.flatMap((r) => Object.keys(r.findings)))].sort(),
    series: thin(runs, MAX_POINTS).map((r) => ({
      run_id: r.id, at: r.started_at, status: r.status, score: r.score, findings: r.findings, totals: r.totals,
      pending_conflicts: r.pending_conflicts, aged_conflicts: r.aged_conflicts, duration_ms: r.duration_ms, new_count: r.new_count, fixed_count: r.fixed_count,
    })),
  };
}

export async function healthSummary(query: z.output<typeof summaryQuerySchema>, scopes: FactScope[], now = new Date()): Promise<{ scopes: ScopeSummary[] }> {
  const result: ScopeSummary[] = [];
  for (const scope of scopes) result.push(await scopeSummary(scope, query.range, now));
  return { scopes: result };
}
