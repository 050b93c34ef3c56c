import type { Principal } from '../auth/principal';
import { getDb, TX_OPTIONS } from '../db/prisma';
import { conflict, notFound } from '../errors/domain-error';
import type { FactInput } from '../facts/parse-fact-input';
import type { FactScope } from '../facts/scope';
import { settleTriples } from '../facts/settle-triples';
import { writeFactsInTx } from '../facts/write-facts';
import { formatInstant } from '../time/instant';
import { CONTRADICTION_PREFIX, type ContradictionRow, liveValues, lockTripleOf, tripleHeadHlc, type UndoState } from './decide-contradiction';

// POST /v1/conflicts/:id/undo (extension), :id a decided contradiction or one of its conflicts: takes a
// decision back (docs/decisions.md § Review workflow). The triple is left as it was just before the
// decision: every value the decision retracted or re-asserted is written again with the confidence
// and expiry it had then, and a value the decision made live (a new_value) is retracted — new facts,
// source = the caller, since facts are immutable. The decision's cooldown ends (as a reopen's), so
// the values contradict again at once: a new contradiction opens with every live value. The decision
// stays on record, marked undone. Refused while the triple holds a fact newer than the decision's
// (someone wrote it since: putting the old values back would overwrite that write; reopen instead).

type Row = ContradictionRow & { undo_state: UndoState | null; undone_at: Date | null };

/** Decisions a person or auto-resolve made; "retracted" and "merged" closed by themselves, with nothing to undo. */
const UNDOABLE_BASES = new Set(['manual', 'evidence', 'confidence', 'dismissed']);

export interface UndoResult {
  /** The contradiction whose decision was undone. */
  contradiction_id: string;
  undone_at: string;
  /** Facts written to put the values back. */
  values_restored: number;
  /** The contradiction the values opened again (null when fewer than two are live now, an expiry meanwhile). */
  reopened_contradiction_id: string | null;
  /** Its oldest unresolved conflict, the id remediations name. */
  conflict_id: string | null;
}

export async function undoDecision(id: string, principal: Principal): Promise<UndoResult> {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockTripleOf(tx, id);
    const now = new Date();
    const [row] = id.startsWith(CONTRADICTION_PREFIX)
      ? await tx.$queryRaw<Row[]>`SELECT x.* FROM contradictions x WHERE x.id = ${id}`
      : await tx.$queryRaw<Row[]>`SELECT x.* FROM conflicts c JOIN contradictions x ON x.id = c.contradiction_id WHERE c.id = ${id}`;
    if (!row) throw notFound('conflict_not_found', `no conflict or contradiction with id ${id}`);
    if (row.status === 'open') throw conflict('conflict_not_decided', `${id} is unresolved: there is no decision to undo`);
    if (row.undone_at) throw conflict('decision_already_undone', `the decision on ${row.id} was already undone`);
    if (!UNDOABLE_BASES.has(row.resolution_basis ?? '')) {
      throw conflict('decision_not_undoable', `${row.id} closed because a value left (${row.resolution_basis}): nobody decided, so there is nothing to undo`);
    }
    const state = row.undo_state;
    if (!state) throw conflict('decision_not_undoable', `the decision on ${row.id} predates undo (its values before it were not recorded): reopen it instead`);
    const head = await tripleHeadHlc(tx, row);
    if (head !== state.head_hlc) {
      throw conflict('triple_changed', `${row.entity} ${row.relation} was written after the decision (newest fact ${head}): putting the old values back would overwrite that; reopen the decision instead`);
    }

    // The cooldown ends first, so the values written next may contradict again.
    await tx.$executeRaw`
      UPDATE contradictions SET undone_at = ${now}, undone_by = ${principal.entityUri},
        do_not_reopen_before = CASE WHEN do_not_reopen_before > ${now} THEN ${now} ELSE do_not_reopen_before END
      WHERE id = ${row.id}`;
    await tx.$executeRaw`UPDATE conflicts SET do_not_reopen_before = ${now} WHERE contradiction_id = ${row.id} AND do_not_reopen_before > ${now}`;

    const before = new Map(state.values.map((v) => [v.value_hash, v]));
    const current = await tx.$queryRaw<{ value_hash: string; confidence: number; valid_until: Date | null }[]>`
      SELECT value_hash, confidence, valid_until FROM value_heads
      WHERE entity = ${row.entity} AND relation = ${row.relation} AND scope = ${row.scope} AND value_hash = ANY(${[...before.keys(), ...(row.winner_value_hash ? [row.winner_value_hash] : [])]}::text[])`;
    const heads = new Map(current.map((v) => [v.value_hash, v]));
    const fact = (value: FactInput['value'], confidence: number, validUntil: Date | null): FactInput => ({
      entity: row.entity,
      relation: row.relation,
      value,
      source: principal.entityUri,
      confidence,
      scope: row.scope as FactScope,
      validUntil,
    });
    const sameInstant = (a: Date | string | null, b: Date | string | null) => (a === null || b === null ? a === b : new Date(a).getTime() === new Date(b).getTime());
    const restore: FactInput[] = state.values
      .filter((v) => {
        const head = heads.get(v.value_hash);
        return !head || Number(head.confidence) !== v.confidence || !sameInstant(head.valid_until, v.valid_until);
      })
      .map((v) => fact(v.value, v.confidence, v.valid_until ? new Date(v.valid_until) : null));
    // A value the decision made live (a new_value): retracted again.
    const live = await liveValues(tx, row, now);
    for (const value of live) if (!before.has(value.value_hash)) restore.push(fact(value.value, 0, null));
    if (restore.length) await writeFactsInTx(tx, restore, { mode: 'assert', now });

    await settleTriples(tx, [{ entity: row.entity, relation: row.relation, scope: row.scope, rejoin: true }], now);
    const [open] = await tx.$queryRaw<{ id: string; conflict_id: string | null }[]>`
      SELECT x.id, (SELECT c.id FROM conflicts c WHERE c.contradiction_id = x.id AND c.status = 'unresolved' ORDER BY c.detected_at, c.id LIMIT 1) AS conflict_id
      FROM contradictions x WHERE x.entity = ${row.entity} AND x.relation = ${row.relation} AND x.scope = ${row.scope} AND x.status = 'open'`;
    return {
      contradiction_id: row.id,
      undone_at: formatInstant(now),
      values_restored: restore.length,
      reopened_contradiction_id: open?.id ?? null,
      conflict_id: open?.conflict_id ?? null,
    };
  }, TX_OPTIONS);
}
