import { type AsOf, asOfFields } from '../time-travel/as-of';
import { atInstant } from '../time-travel/at-instant';
import type { LintRequest, LintResult } from './lint-request';
import { countFactsAsOf, lintCounted } from './run-lint';

/**
 * POST /v1/lint with `as_of`: the lint the node gives of the scope as the log held it at that instant
 * (docs/api.md § Time travel), by the same SQL as a lint now. Always answered in the request (no
 * job), never recorded as a health run; `checked_at` is the instant.
 */
export function lintAsOf(request: LintRequest, asOf: AsOf): Promise<LintResult & ReturnType<typeof asOfFields>> {
  return atInstant(asOf, { scopes: [request.scope] }, async (tx, at) => ({
    ...(await lintCounted(tx, request, await countFactsAsOf(tx, request), at)),
    ...asOfFields(asOf),
  }));
}
