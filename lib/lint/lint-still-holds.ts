import type { Tx } from '../db/prisma';
import { type ScopeReading, unchangedSince } from '../facts/scope-revision';
import type { LintRequest } from './lint-request';

// A lint answer depends on the scope's value heads and conflicts and on its instant: a value is live
// while valid_until >= now, stale once valid_until < now + stale_lookahead_s. So the answer a lint
// gave at `seen.at`, reading the scope at `seen.revision`, is the answer a new lint would give at
// `now` exactly when the scope is unchanged and no value's valid_until crossed either comparison
// in between: nothing expired and nothing entered the lookahead window.

export function lintStillHolds(tx: Tx, request: Pick<LintRequest, 'scope' | 'stale_lookahead_s'>, seen: ScopeReading, now: Date): Promise<boolean> {
  return unchangedSince(tx, request.scope, seen, now, [0, request.stale_lookahead_s * 1000]);
}
