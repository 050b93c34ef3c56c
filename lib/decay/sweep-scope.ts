import { Prisma } from '../generated/prisma/client';
import type { Principal } from '../auth/principal';
import { databaseKind } from '../db/connection';
import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import type { FactValue } from '../facts/fact-value';
import { lockScopes } from '../facts/write-locks';
import { badRequest } from '../errors/domain-error';
import { decodeCursor, encodeCursor } from '../schemas/query-params';
import { asyncThreshold, type ReportProgress } from '../jobs/jobs';
import type { JobDefinition } from '../jobs/job-definition';
import { startJob } from '../jobs/start-job';
import { countFactsUpTo, estimateFacts } from '../lint/run-lint';
import type { DecayPolicy } from './decay-policy';
import { candidatesSql, type HeadKey, isChange, planRelations, rangeEnd, type RelationPlan, type SweepFilter } from './plan-sweep';
import { writeDecayChunk } from './write-sweep';
import { listPolicies } from './policy-store';
import type { DryRunResult, SweepChange, SweepRequest, SweepResult } from './sweep-request';
import { noteTableChanges } from '../db/maintenance/maintenance-scheduler';
import { formatInstant } from '../time/instant';

// POST /v1/decay/sweep. Dry-run: READ ONLY, always synchronous, with the paged list of changes.
// Sweep: walks the scope's value heads in key ranges of CHUNK_HEADS; each range is planned and
// written by one set-based statement (write-sweep.ts) in its own transaction under the write lock.
// Every chunk re-plans from the database, so a sweep cut off midway is finished by the next one,
// and a second sweep right after the first finds nothing left to write. A sweep job also commits a
// checkpoint with each chunk (where it stands, its counts so far, the instant it measures age from):
// an instance that takes the job over goes on from there, so the job's counts are those of one sweep.

/** Value heads per chunk: one transaction, one statement, about half a second on PostgreSQL when most values decay. */
const CHUNK_HEADS = 10_000;
const FACTS_PER_SECOND = { postgres: 25_000, pglite: 12_000 };

interface CandidateRow {
  entity: string;
  relation: string;
  value_hash: string;
  value: FactValue;
  head_fact_id: string;
  valid_until: Date | null;
  confidence: number;
  target: number;
  action: 'retract' | 'reduce';
  policy_id: string;
  age_s: number;
}

function filterOf(request: SweepRequest): SweepFilter {
  return {
    scope: request.scope,
    mode: request.mode ?? undefined,
    policyId: request.policy_id ?? undefined,
    entity: request.entity ?? undefined,
    relation: request.relation ?? undefined,
    factId: request.fact_id ?? undefined,
  };
}

function reportedMode(request: SweepRequest, plan: RelationPlan[]): string {
  if (request.mode) return request.mode;
  const modes = new Set(plan.map((p) => (p.action === 'retract' ? 'retract' : 'confidence')));
  return modes.size === 1 ? [...modes][0] : modes.size ? 'mixed' : 'none';
}

const appliedPolicies = (plan: RelationPlan[]) => [...new Set(plan.map((p) => p.policy.id))].sort();

async function policiesFor(request: SweepRequest, given?: DecayPolicy[]): Promise<DecayPolicy[]> {
  const policies = given ?? (await listPolicies());
  if (request.policy_id && !policies.some((p) => p.id === request.policy_id)) {
    throw badRequest('unknown_policy', `policy_id: no decay policy with id ${request.policy_id}`);
  }
  return policies;
}

const toChange = (row: CandidateRow): SweepChange => ({
  fact_id: row.head_fact_id,
  entity: row.entity,
  relation: row.relation,
  value: row.value,
  policy_id: row.policy_id,
  action: row.action,
  confidence_before: Number(row.confidence),
  confidence_after: row.action === 'retract' ? 0 : Number(row.target),
  age_s: Math.round(Number(row.age_s)),
});

export async function dryRun(request: SweepRequest, given?: DecayPolicy[]): Promise<DryRunResult> {
  const policies = await policiesFor(request, given);
  const filter = filterOf(request);
  return readOnly(async (tx) => {
    const now = new Date();
    const plan = await planRelations(tx, policies, filter);
    const base: DryRunResult = {
      swept_at: formatInstant(now),
      scope: request.scope,
      mode: 'dry_run',
      facts_evaluated: 0,
      facts_retracted: 0,
      facts_reduced: 0,
      dry_run_would_retract: 0,
      dry_run_would_reduce: 0,
      policies_applied: appliedPolicies(plan),
      changes: [],
      next_cursor: null,
      counts_by_policy: [],
      histogram: Array.from({ length: 10 }, (_, i) => ({ bucket: `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}`, before: 0, after: 0 })),
    };
    if (!plan.length) return base;
    // One pass over the candidates for every count: evaluated, per policy, and both histograms.
    const groups = await tx.$queryRaw<{ policy_id: string; action: string; changed: boolean; b_before: number; b_after: number; n: bigint }[]>(Prisma.sql`
      SELECT c.policy_id, c.action, ${isChange('c')} AS changed,
        least(width_bucket(c.confidence, 0, 1, 10), 10) AS b_before,
        least(width_bucket(CASE WHEN c.action = 'retract' THEN 0 ELSE c.target END, 0, 1, 10), 10) AS b_after,
        count(*) AS n
      FROM (${candidatesSql(plan, filter, now, false)}) c
      GROUP BY 1, 2, 3, 4, 5`);
    const byPolicy = new Map<string, { policy_id: string; would_retract: number; would_reduce: number }>();
    for (const g of groups) {
      const n = Number(g.n);
      base.facts_evaluated += n;
      if (!g.changed) continue;
      const counts = byPolicy.get(g.policy_id) ?? { policy_id: g.policy_id, would_retract: 0, would_reduce: 0 };
      if (g.action === 'retract') counts.would_retract += n;
      else counts.would_reduce += n;
      byPolicy.set(g.policy_id, counts);
      base.histogram[Math.max(1, g.b_before) - 1].before += n;
      base.histogram[Math.max(1, g.b_after) - 1].after += n;
    }
    base.counts_by_policy = [...byPolicy.values()].sort((a, b) => (a.policy_id < b.policy_id ? -1 : a.policy_id > b.policy_id ? 1 : 0));
    base.dry_run_would_retract = base.counts_by_policy.reduce((s, c) => s + c.would_retract, 0);
    base.dry_run_would_reduce = base.counts_by_policy.reduce((s, c) => s + c.would_reduce, 0);
    const changes = candidatesSql(plan, filter, now, true);
    const offset = request.cursor ? Number(decodeCursor(request.cursor)?.[0]) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw badRequest('invalid_cursor', 'cursor: not a cursor this node issued');
    const page = await tx.$queryRaw<CandidateRow[]>(Prisma.sql`
      SELECT * FROM (${changes}) c ORDER BY c.entity, c.relation, c.value_hash LIMIT ${request.limit + 1} OFFSET ${offset}`);
    base.changes = page.slice(0, request.limit).map(toChange);
    base.next_cursor = page.length > request.limit ? encodeCursor([offset + request.limit]) : null;
    return base;
  });
}

/** Where a sweep stands after its last committed chunk: enough for another instance to finish it. */
export interface SweepCheckpoint {
  /** The sweep's instant (ISO): ages are measured from it in every chunk, whoever runs it. */
  now: string;
  /** Changes the sweep expected at its start (for progress). */
  total: number;
  /** The last value head of the last committed chunk; null before the first. */
  after: HeadKey | null;
  finished: boolean;
  result: SweepResult;
}

export interface SweepOptions {
  /** Called after each committed chunk with the share of the expected changes written. */
  report?: ReportProgress;
  chunkHeads?: number;
  /** A job's checkpoints: the one to resume from, and a save run inside each chunk's transaction. */
  checkpoints?: { from: SweepCheckpoint | null; save(tx: Tx, checkpoint: SweepCheckpoint, progress: number): Promise<void> };
}

/** The sweep's plan and counts at its start, read-only: where a first run begins. */
async function beginSweep(request: SweepRequest, policies: DecayPolicy[], filter: SweepFilter): Promise<SweepCheckpoint> {
  const now = new Date();
  const { plan, evaluated, total } = await readOnly(async (tx) => {
    const plan = await planRelations(tx, policies, filter);
    if (!plan.length) return { plan, evaluated: 0, total: 0 };
    const [{ evaluated, total }] = await tx.$queryRaw<{ evaluated: bigint; total: bigint }[]>(Prisma.sql`
      SELECT count(*) AS evaluated, count(*) FILTER (WHERE ${isChange('c')}) AS total
      FROM (${candidatesSql(plan, filter, now, false)}) c`);
    return { plan, evaluated: Number(evaluated), total: Number(total) };
  }, { on: 'primary' });
  const result: SweepResult = {
    swept_at: formatInstant(now),
    scope: request.scope,
    mode: reportedMode(request, plan),
    facts_evaluated: evaluated,
    facts_retracted: 0,
    facts_reduced: 0,
    dry_run_would_retract: 0,
    dry_run_would_reduce: 0,
    policies_applied: appliedPolicies(plan),
  };
  return { now: now.toISOString(), total, after: null, finished: !plan.length, result };
}

const sweptShare = (state: SweepCheckpoint) => (state.total ? Math.min(1, (state.result.facts_retracted + state.result.facts_reduced) / state.total) : 0);

export async function applySweep(request: SweepRequest, policies: DecayPolicy[], options: SweepOptions = {}): Promise<SweepResult> {
  const { report, chunkHeads = CHUNK_HEADS, checkpoints } = options;
  const filter = filterOf(request);
  const db = await getDb();
  let state = checkpoints?.from ?? (await beginSweep(request, policies, filter));
  const now = new Date(state.now);
  while (!state.finished) {
    const from = state;
    const step = await db.$transaction(async (tx) => {
      // A chunk takes its scope whole: its one statement writes any of the scope's triples.
      await lockScopes(tx, [filter.scope]);
      const chunkPlan = await planRelations(tx, policies, filter);
      const upTo = chunkPlan.length ? await rangeEnd(tx, filter, from.after, chunkHeads) : null;
      const written = chunkPlan.length ? await writeDecayChunk(tx, chunkPlan, filter, now, { after: from.after, upTo }, chunkHeads) : { retracted: 0, reduced: 0, closed: 0 };
      const next: SweepCheckpoint = {
        ...from,
        after: upTo,
        finished: !chunkPlan.length || !upTo,
        result: { ...from.result, facts_retracted: from.result.facts_retracted + written.retracted, facts_reduced: from.result.facts_reduced + written.reduced },
      };
      // In the chunk's transaction: the chunk counts once, whoever finishes the sweep.
      await checkpoints?.save(tx, next, sweptShare(next));
      return { next, written };
    }, TX_OPTIONS);
    state = step.next;
    const decayed = step.written.retracted + step.written.reduced;
    noteTableChanges({ facts: decayed, value_heads: decayed, conflicts: step.written.closed });
    if (report && state.total) await report(sweptShare(state));
    // Let queued requests in between chunks: on PGlite every query waits for the one session.
    if (!state.finished) await new Promise((resolve) => setImmediate(resolve));
  }
  return state.result;
}

/** A sweep job's stored request: the sweep and the policies it started with (a takeover keeps them). */
interface StoredSweep {
  sweep: SweepRequest;
  policies: DecayPolicy[];
}

export const decayJob: JobDefinition<StoredSweep, SweepResult, SweepCheckpoint> = {
  kind: 'decay',
  async run(stored, { checkpoint, saveCheckpoint }) {
    // A job accepted before sweeps stored their policies holds the bare request: the current policies apply.
    const { sweep, policies } = 'sweep' in stored ? stored : { sweep: stored as SweepRequest, policies: await listPolicies() };
    return applySweep(sweep, policies, { checkpoints: { from: checkpoint, save: saveCheckpoint } });
  },
};

export type SweepAnswer = { status: 200; body: SweepResult | DryRunResult } | { status: 202; body: { job_id: string; status: 'pending'; estimated_s: number } };

/** `given` replaces the configured policies (the reference node's query-string sweep builds its own). */
export async function sweepScope(request: SweepRequest, principal: Principal, given?: DecayPolicy[]): Promise<SweepAnswer> {
  if (request.mode === 'dry_run') return { status: 200, body: await dryRun(request, given) };
  const policies = await policiesFor(request, given);
  // The sweep writes on the primary: its own reads stay there too. The count stops at the threshold;
  // above it the job's estimate comes from the planner (as lint-scope.ts does: a full count of a
  // 10M-fact scope took about a second).
  const threshold = asyncThreshold();
  const facts = { scope: request.scope, entity: request.entity ?? null, relation: request.relation ?? null };
  const above = await readOnly(
    async (tx) => ((await countFactsUpTo(tx, facts, threshold)) === null ? Math.max(threshold + 1, await estimateFacts(tx, facts)) : null),
    { on: 'primary' },
  );
  if (above === null) return { status: 200, body: await applySweep(request, policies) };
  const estimated = Math.max(1, Math.ceil(above / FACTS_PER_SECOND[databaseKind()]));
  return { status: 202, body: await startJob(decayJob, request.scope, principal, { sweep: request, policies }, estimated) };
}
