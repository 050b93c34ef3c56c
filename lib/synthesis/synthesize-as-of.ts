import { encodeCursor } from '../schemas/query-params';
import { type AsOf, asOfFields } from '../time-travel/as-of';
import { atInstant } from '../time-travel/at-instant';
import type { SynthesisRequest, SynthesisResponse } from './synthesis-request';
import { toEntry } from './synthesis-sql';
import { optionsOf, parseCursor, synthesisPage, synthesisTotals } from './synthesize';

/** Entries per answer of a synthesis as of an instant without `limit`. */
export const AS_OF_PAGE = 1000;

/**
 * POST /v1/synthesis with `as_of` (docs/api.md § Time travel): the synthesis of the scope as the log
 * held it at that instant, by the same SQL as a synthesis now, always paged (`limit`, else
 * AS_OF_PAGE; follow `next_cursor` with the same `as_of`), totals counted afresh (no cache holds a
 * past instant's).
 */
export function synthesizeAsOf(request: SynthesisRequest, asOf: AsOf): Promise<SynthesisResponse & ReturnType<typeof asOfFields>> {
  const after = parseCursor(request.cursor);
  return atInstant(asOf, { scopes: [request.scope], entity: request.entity ?? undefined }, async (tx, at) => {
    const options = optionsOf(request, at);
    const totals = await synthesisTotals(tx, options, request.min_confidence);
    const page = await synthesisPage(tx, options, request.min_confidence, after, request.limit ?? AS_OF_PAGE, request.contradicted_only);
    return {
      summary: page.rows.map((row) => toEntry(row, request.scope)),
      ...totals,
      next_cursor: page.more && page.last ? encodeCursor(page.last) : null,
      ...asOfFields(asOf),
    };
  });
}
