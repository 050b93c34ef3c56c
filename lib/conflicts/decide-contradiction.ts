import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS, type Tx } from '../db/prisma';
import { conflict, notFound, unprocessable } from '../errors/domain-error';
import { config } from '../config/config';
import type { FactValue } from '../facts/fact-value';
import { lockTargets, type WriteTarget } from '../facts/write-locks';
import { sqlArray } from '../db/sql-array';
import type { ContradictionRow } from '../facts/triple-store';

export type { ContradictionRow };

// Shared by resolve and dismiss (docs/semantics.md § Contradictions): one transaction holding its
// triple's entity lock that finds the contradiction a conflict id or contradiction id names, refuses unknown
// (404) and decided (409) ones, records the decision — every unresolved conflict of the
// contradiction closed with it, the values it covered and their cooldown on the contradiction — and
// lets the caller write its facts. One decision per contradicted triple, whatever its size.

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Decision {
  basis: 'manual' | 'evidence' | 'confidence' | 'dismissed';
  note: string;
}

export interface LiveValue {
  value_hash: string;
  head_fact_id: string;
  value: FactValue;
  confidence: number;
  valid_until: Date | null;
}

/** What a decision acts on, as the caller sees it before deciding. */
export interface DecisionTarget {
  contradiction: ContradictionRow;
  /** The conflict the caller named, or else the contradiction's oldest unresolved one (stigmem:resolves refers to it). */
  conflictId: string;
  /** The triple's live values, strongest first. */
  live: LiveValue[];
}

export interface DecisionPlan<T> {
  /** The winning value's hash (resolve), or null (dismiss). The decision covers it and every live value. */
  winnerHash: string | null;
  write: (tx: Tx, closedConflictIds: string[], now: Date) => Promise<{ resolutionFactId: string | null; result: T }>;
}

export const CONTRADICTION_PREFIX = 'stigmem:contradiction:';

/**
 * Locks the entity of the triple that `id` (a conflict or a contradiction) belongs to, before the
 * decision reads its state: a triple's entity and scope never change, its state may until then.
 */
export async function lockTripleOf(tx: Tx, id: string): Promise<void> {
  const targets = await tx.$queryRaw<WriteTarget[]>`
    SELECT entity, scope FROM contradictions WHERE id = ${id} UNION ALL SELECT entity, scope FROM conflicts WHERE id = ${id}`;
  await lockTargets(tx, targets);
}

/** The contradiction `id` names (a contradiction id, or a conflict id: its contradiction), with the named conflict. */
async function findTarget(tx: Tx, id: string): Promise<{ contradiction: ContradictionRow; conflictId: string | null }> {
  if (id.startsWith(CONTRADICTION_PREFIX)) {
    const [contradiction] = await tx.$queryRaw<ContradictionRow[]>`SELECT * FROM contradictions WHERE id = ${id}`;
    if (!contradiction) throw notFound('conflict_not_found', `no contradiction with id ${id}`);
    return { contradiction, conflictId: null };
  }
  const [row] = await tx.$queryRaw<{ id: string; status: string; resolution_basis: string | null; resolved_by: string | null; contradiction_id: string | null }[]>`
    SELECT id, status, resolution_basis, resolved_by, contradiction_id FROM conflicts WHERE id = ${id}`;
  if (!row) throw notFound('conflict_not_found', `no conflict with id ${id}`);
  if (row.status !== 'unresolved') throw alreadyDecided(`conflict ${id}`, row.resolution_basis, row.resolved_by);
  const [contradiction] = await tx.$queryRaw<ContradictionRow[]>`SELECT * FROM contradictions WHERE id = ${row.contradiction_id}`;
  // Every conflict belongs to a contradiction (the write path sets it; the migration set the rest).
  if (!contradiction) throw new Error(`conflict ${id} belongs to no contradiction`);
  return { contradiction, conflictId: row.id };
}

function alreadyDecided(what: string, basis: string | null, by: string | null) {
  const verb = basis === 'dismissed' ? 'dismissed' : basis === 'retracted' ? 'closed (a side was retracted)' : basis === 'merged' ? 'merged into its contradiction' : 'resolved';
  return conflict('conflict_already_resolved', `${what} was already ${verb}${by ? ` by ${by}` : ''}`);
}

export async function liveValues(tx: Tx, triple: { entity: string; relation: string; scope: string }, now: Date): Promise<LiveValue[]> {
  return tx.$queryRaw<LiveValue[]>`
    SELECT value_hash, head_fact_id, value, confidence, valid_until FROM value_heads
    WHERE entity = ${triple.entity} AND relation = ${triple.relation} AND scope = ${triple.scope}
      AND confidence > 0 AND (valid_until IS NULL OR valid_until >= ${now})
    ORDER BY confidence DESC, head_hlc_wall DESC, head_hlc_counter DESC, value_hash`;
}

/** The triple's newest fact, as an HLC string: the newest head among its values (every fact is some value's). */
export async function tripleHeadHlc(tx: Tx, triple: { entity: string; relation: string; scope: string }): Promise<string | null> {
  const [row] = await tx.$queryRaw<{ wall: bigint; counter: number }[]>`
    SELECT head_hlc_wall AS wall, head_hlc_counter AS counter FROM value_heads
    WHERE entity = ${triple.entity} AND relation = ${triple.relation} AND scope = ${triple.scope}
    ORDER BY head_hlc_wall DESC, head_hlc_counter DESC LIMIT 1`;
  return row ? `${row.wall}.${row.counter}` : null;
}

/** What an undo puts back (lib/conflicts/undo-decision.ts): the live values before the decision, and the triple's newest fact after it. */
export interface UndoState {
  values: { value_hash: string; value: FactValue; confidence: number; valid_until: string | null }[];
  head_hlc: string | null;
}

async function recordUndoState(tx: Tx, contradiction: ContradictionRow, live: LiveValue[]): Promise<void> {
  const state: UndoState = {
    values: live.map((v) => ({ value_hash: v.value_hash, value: v.value, confidence: Number(v.confidence), valid_until: v.valid_until ? new Date(v.valid_until).toISOString() : null })),
    head_hlc: await tripleHeadHlc(tx, contradiction),
  };
  await tx.$executeRaw`UPDATE contradictions SET undo_state = ${JSON.stringify(state)}::jsonb WHERE id = ${contradiction.id}`;
}

export async function decideContradiction<T>(
  id: string,
  principal: Principal,
  decision: Decision,
  plan: (tx: Tx, target: DecisionTarget) => Promise<DecisionPlan<T>>,
): Promise<T> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockTripleOf(tx, id);
    const now = new Date();
    const found = await findTarget(tx, id);
    const { contradiction } = found;
    if (contradiction.status !== 'open') throw alreadyDecided(`contradiction ${contradiction.id}`, contradiction.resolution_basis, contradiction.resolved_by);
    const live = await liveValues(tx, contradiction, now);
    // One decision is one transaction holding its triple's lock: bounded, so no decision stalls that triple's writers long.
    const max = config().maxDecisionValues;
    if (live.length > max) {
      throw unprocessable('decision_too_large', `the triple holds ${live.length} live values; one decision covers at most ${max} (STIGMEM_MAX_DECISION_VALUES): retract values first (a retraction whose value was never asserted retracts the whole triple)`);
    }
    const [oldest] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM conflicts WHERE contradiction_id = ${contradiction.id} AND status = 'unresolved' ORDER BY detected_at, id LIMIT 1`;
    const conflictId = found.conflictId ?? oldest?.id ?? contradiction.id;
    const { winnerHash, write } = await plan(tx, { contradiction, conflictId, live });
    const decided = [...new Set([...live.map((v) => v.value_hash), ...(winnerHash ? [winnerHash] : [])])].sort();
    const until = new Date(now.getTime() + config().conflictCooldownDays * DAY_MS);
    // Decide first, so the facts written next see the contradiction as decided: the losers'
    // retractions close nothing again, and no value it covered opens a new one.
    const closed = await tx.$queryRaw<{ id: string }[]>`
      UPDATE conflicts SET status = 'resolved', resolved_at = ${now}, resolved_by = ${principal.entityUri},
        resolution_note = ${decision.note}, resolution_basis = ${decision.basis}, do_not_reopen_before = ${until}
      WHERE contradiction_id = ${contradiction.id} AND status = 'unresolved'
      RETURNING id`;
    await tx.$executeRaw`
      UPDATE contradictions SET status = 'resolved', anchor_value_hash = NULL, open_conflicts = 0, resolved_at = ${now},
        resolved_by = ${principal.entityUri}, resolution_note = ${decision.note}, resolution_basis = ${decision.basis},
        winner_value_hash = ${winnerHash}, decided_value_hashes = ${sqlArray(decided)}::text[], do_not_reopen_before = ${until}
      WHERE id = ${contradiction.id}`;
    const closedIds = closed.map((c) => c.id).sort();
    const { resolutionFactId, result } = await write(tx, closedIds, now);
    if (resolutionFactId) {
      await tx.$executeRaw`UPDATE contradictions SET resolution_fact_id = ${resolutionFactId} WHERE id = ${contradiction.id}`;
      await tx.$executeRaw`UPDATE conflicts SET resolution_fact_id = ${resolutionFactId} WHERE id = ANY(${sqlArray(closedIds)}::text[])`;
    }
    await recordUndoState(tx, contradiction, live);
    return result;
  }, TX_OPTIONS);
}
