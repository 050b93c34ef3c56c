import { getDb, TX_OPTIONS } from '../db/prisma';
import { settleTriples } from '../facts/settle-triples';
import { conflict, notFound } from '../errors/domain-error';
import { formatInstant } from '../time/instant';
import { CONTRADICTION_PREFIX, type ContradictionRow, lockTripleOf } from './decide-contradiction';

// POST /v1/conflicts/:id/reopen, :id a conflict or its contradiction: ends the cooldown of the
// decision that closed it now. The triple is then looked at whole at once (not at its next write):
// if two of its live values may contradict each other again, a contradiction opens, every live
// value joining it, so the invariant "two live values that may contradict are in an open
// contradiction" holds without waiting.

export async function reopenConflict(id: string) {
  const db = await getDb();
  return db.$transaction(async (tx) => {
    await lockTripleOf(tx, id);
    const now = new Date();
    const [row] = id.startsWith(CONTRADICTION_PREFIX)
      ? await tx.$queryRaw<(ContradictionRow & { named_status: string })[]>`SELECT x.*, x.status AS named_status FROM contradictions x WHERE x.id = ${id}`
      : await tx.$queryRaw<(ContradictionRow & { named_status: string })[]>`
          SELECT x.*, c.status AS named_status FROM conflicts c JOIN contradictions x ON x.id = c.contradiction_id WHERE c.id = ${id}`;
    if (!row) throw notFound('conflict_not_found', `no conflict or contradiction with id ${id}`);
    if (row.named_status === 'unresolved' || row.named_status === 'open') throw conflict('conflict_not_decided', `${id} is unresolved: there is no decision to reopen`);
    await tx.$executeRaw`UPDATE contradictions SET do_not_reopen_before = ${now} WHERE id = ${row.id} AND do_not_reopen_before > ${now}`;
    // Its conflicts carry the cooldown on the wire too.
    await tx.$executeRaw`UPDATE conflicts SET do_not_reopen_before = ${now} WHERE contradiction_id = ${row.id} AND do_not_reopen_before > ${now}`;
    const settled = await settleTriples(tx, [{ entity: row.entity, relation: row.relation, scope: row.scope, rejoin: true }], now);
    const [open] = await tx.$queryRaw<{ id: string; conflict_id: string | null }[]>`
      SELECT x.id, (SELECT c.id FROM conflicts c WHERE c.contradiction_id = x.id AND c.status = 'unresolved' ORDER BY c.detected_at, c.id LIMIT 1) AS conflict_id
      FROM contradictions x WHERE x.entity = ${row.entity} AND x.relation = ${row.relation} AND x.scope = ${row.scope} AND x.status = 'open'`;
    return {
      conflict_id: id,
      cooldown_ended_at: formatInstant(now),
      new_conflict_id: settled.opened[0]?.id ?? open?.conflict_id ?? null,
      contradiction_id: open?.id ?? null,
    };
  }, TX_OPTIONS);
}
