import { z } from 'zod';
import { getDb } from '../db/prisma';
import type { FactScope } from '../facts/scope';
import type { Prisma } from '../generated/prisma/client';
import { scopeSchema } from '../facts/scope';
import { badRequest, notFound } from '../errors/domain-error';
import { decodeCursor, encodeCursor, queryLimit } from '../schemas/query-params';
import type { CompactFinding } from './fingerprint';
import { type HealthRunRecord, toRunRecord } from './run-record';

// GET /v1/health/runs (newest first, cursor-paged) and GET /v1/health/runs/:id (the run with what
// was new and what was fixed against the previous run of its scope). Read permission on the scope.

const instant = (name: string) =>
  z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), `${name} must be an ISO 8601 date-time`)
    .transform((s) => new Date(s))
    .optional();

/** Columns a list never needs: the fingerprint set and the new findings' identities. */
export const HEAVY = { fingerprintSet: true, newFindings: true, fixedHashes: true } as const;

export const runsQuerySchema = z.object({
  scope: scopeSchema.optional(),
  since: instant('since'),
  until: instant('until'),
  cursor: z.string().optional(),
  limit: queryLimit(50, 500),
});

/** The runs of `scopes` (the readable ones, or the one asked for), newest first. */
export async function listRuns(query: z.output<typeof runsQuerySchema>, scopes: FactScope[]) {
  const where: Prisma.HealthRunWhereInput = { scope: { in: scopes }, startedAt: { ...(query.since ? { gte: query.since } : {}), ...(query.until ? { lt: query.until } : {}) } };
  if (query.cursor) {
    const parts = decodeCursor(query.cursor);
    if (!parts || typeof parts[0] !== 'string' || typeof parts[1] !== 'string' || Number.isNaN(Date.parse(parts[0]))) throw badRequest('invalid_cursor', 'cursor is not one this endpoint issued');
    const at = new Date(parts[0]);
    where.OR = [{ startedAt: { lt: at } }, { startedAt: at, id: { lt: parts[1] } }];
  }
  const db = await getDb();
  const rows = await db.healthRun.findMany({ where, omit: HEAVY, orderBy: [{ startedAt: 'desc' }, { id: 'desc' }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    runs: page.map((r) => toRunRecord(r)),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.startedAt.toISOString(), last.id]) : null,
  };
}

/** How far back the fixed findings' identities are looked up (the run where each first appeared). */
const LOOKBACK_RUNS = 500;

export interface RunDetail extends HealthRunRecord {
  previous_run_id: string | null;
  new_findings: CompactFinding[];
  fixed_findings: (CompactFinding | { h: string })[];
}

export async function getRun(id: string, scopes: FactScope[]): Promise<RunDetail> {
  const db = await getDb();
  const row = await db.healthRun.findUnique({ where: { id } });
  // A run of a scope the key cannot read answers 404 like an unknown id, so ids do not leak.
  if (!row || !(scopes as string[]).includes(row.scope)) throw notFound('run_not_found', `no health run with id ${id}`);
  const previous = await db.healthRun.findFirst({
    where: { scope: row.scope, status: 'ok', OR: [{ startedAt: { lt: row.startedAt } }, { startedAt: row.startedAt, id: { lt: row.id } }] },
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    select: { id: true, startedAt: true },
  });
  const record = toRunRecord(row);
  const newFindings = (row.newFindings ?? []) as unknown as CompactFinding[];
  if (row.status !== 'ok') return { ...record, previous_run_id: previous?.id ?? null, new_findings: [], fixed_findings: [] };
  const wanted = new Set(row.fixedHashes);
  const found = new Map<string, CompactFinding>();
  if (wanted.size && previous) {
    // A fixed finding's identity is kept on the run where it first appeared (as new); walk back to it.
    const earlier = await db.healthRun.findMany({
      where: { scope: row.scope, status: 'ok', startedAt: { lte: previous.startedAt } },
      orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
      select: { newFindings: true },
      take: LOOKBACK_RUNS,
    });
    for (const run of earlier) {
      for (const f of (run.newFindings ?? []) as unknown as CompactFinding[]) {
        if (wanted.has(f.h) && !found.has(f.h)) found.set(f.h, f);
      }
      if (found.size === wanted.size) break;
    }
  }
  return {
    ...record,
    previous_run_id: previous?.id ?? null,
    new_findings: newFindings,
    fixed_findings: row.fixedHashes.map((h) => found.get(h) ?? { h }),
  };
}
