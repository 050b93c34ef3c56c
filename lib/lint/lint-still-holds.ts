import type { Tx } from '../db/prisma';
import { scopeRevision } from '../facts/scope-revision';
import type { LintRequest } from './lint-request';

// A lint answer depends on the scope's value heads and conflicts, which only writes change (the
// scope's revision counts them), and on its instant: a value is live while valid_until >= now, stale
// once valid_until < now + stale_lookahead_s. So the answer a lint gave at `checkedAt`, reading the
// scope at `revision`, is the answer a new lint would give at `now` exactly when the revision is the
// same and no value's valid_until lies in [checkedAt, now) or [checkedAt + lookahead, now + lookahead):
// nothing expired and nothing entered the lookahead window in between. Both tests use indexes
// (the revision's primary key, value_heads (scope, valid_until)), whatever the scope's size.

export async function lintStillHolds(
  tx: Tx,
  request: Pick<LintRequest, 'scope' | 'stale_lookahead_s'>,
  seen: { revision: string; checkedAt: Date },
  now: Date,
): Promise<boolean> {
  if (now < seen.checkedAt || (await scopeRevision(tx, request.scope)) !== seen.revision) return false;
  const ahead = request.stale_lookahead_s * 1000;
  const [{ crossed }] = await tx.$queryRaw<{ crossed: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM value_heads
      WHERE scope = ${request.scope}
        AND ((valid_until >= ${seen.checkedAt} AND valid_until < ${now})
          OR (valid_until >= ${new Date(seen.checkedAt.getTime() + ahead)} AND valid_until < ${new Date(now.getTime() + ahead)}))
    ) AS crossed`;
  return !crossed;
}
