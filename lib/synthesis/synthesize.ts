import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import { readCursor } from '../db/read-cursor';
import { readOnly } from '../db/read-only';
import { badRequest } from '../errors/domain-error';
import { decodeCursor, encodeCursor } from '../schemas/query-params';
import { ENTRY_ORDER, entryJsonSql, type EntryRow, nextPairsSql, synthesisCtes, type SynthesisOptions, toEntry } from './synthesis-sql';
import type { SynthesisEntry, SynthesisRequest, SynthesisResponse, SynthesisTotals } from './synthesis-request';
import { formatInstant } from '../time/instant';
import { cachedTotals } from './totals-cache';
import { synthesisStats } from './synthesis-stats';
import { isWholeHundredth, totalsAt } from './view/stats-totals';
import { withSpan } from '../observability/tracing';

// POST /v1/synthesis (§16): read-only. Without `limit` the whole summary is streamed from one
// server-side cursor in one READ ONLY transaction, never built as one JSON string; with `limit` one
// page is answered with a cursor (the dashboard).

export function optionsOf(request: Pick<SynthesisRequest, 'scope' | 'entity' | 'include_expired'>, now: Date): SynthesisOptions {
  return { scope: request.scope, entity: request.entity, includeExpired: request.include_expired, now };
}

export function synthesisTotals(tx: Tx, options: SynthesisOptions, minConfidence: number): Promise<SynthesisTotals & { entry_count: number }> {
  return withSpan('stigmem.synthesis.totals', { 'stigmem.scope': options.scope }, () => countTotals(tx, options, minConfidence));
}

async function countTotals(tx: Tx, options: SynthesisOptions, minConfidence: number): Promise<SynthesisTotals & { entry_count: number }> {
  const [row] = await tx.$queryRaw<{ fact_count: bigint; entry_count: bigint; contradiction_count: bigint; filtered_count: bigint }[]>(Prisma.sql`
    ${synthesisCtes(options)}
    SELECT (SELECT count(*) FROM cand WHERE live) AS fact_count,
      count(*) FILTER (WHERE confidence >= ${minConfidence}) AS entry_count,
      count(*) FILTER (WHERE confidence >= ${minConfidence} AND conflict_id IS NOT NULL) AS contradiction_count,
      count(*) FILTER (WHERE confidence < ${minConfidence}) AS filtered_count
    FROM entries`);
  return {
    synthesized_at: formatInstant(options.now),
    scope: options.scope,
    fact_count: Number(row.fact_count),
    entry_count: Number(row.entry_count),
    contradiction_count: Number(row.contradiction_count),
    filtered_count: Number(row.filtered_count),
  };
}

/**
 * One page: the next `pairs` (entity, relation) pairs after `after`, synthesized on their own (a
 * key range of the primary key), so paging through a scope costs one pass, not one per page.
 * Entries below min_confidence are dropped from the page; `last` is where the next page starts.
 */
export function synthesisPage(tx: Tx, options: SynthesisOptions, minConfidence: number, after: [string, string] | null, pairs: number, contradictedOnly = false) {
  return withSpan('stigmem.synthesis.page', { 'stigmem.scope': options.scope, 'stigmem.pairs': pairs }, () => readPage(tx, options, minConfidence, after, pairs, contradictedOnly));
}

async function readPage(tx: Tx, options: SynthesisOptions, minConfidence: number, after: [string, string] | null, pairs: number, contradictedOnly: boolean) {
  options = { ...options, contradictedOnly };
  const next = await tx.$queryRaw<{ entity: string; relation: string }[]>(nextPairsSql(options, after, pairs));
  if (!next.length) return { rows: [] as EntryRow[], last: null, more: false };
  const page = next.slice(0, pairs);
  const last = page[page.length - 1];
  const upTo: [string, string] = [last.entity, last.relation];
  const rows = await tx.$queryRaw<EntryRow[]>(Prisma.sql`
    ${synthesisCtes({ ...options, range: { after, upTo } })}
    SELECT * FROM entries WHERE confidence >= ${minConfidence} ${contradictedOnly ? Prisma.sql`AND conflict_id IS NOT NULL` : Prisma.empty} ${ENTRY_ORDER}`);
  return { rows, last: upTo, more: next.length > pairs };
}

export function parseCursor(cursor: string | null | undefined): [string, string] | null {
  if (!cursor) return null;
  const parts = decodeCursor(cursor);
  if (!parts || parts.length !== 2 || typeof parts[0] !== 'string' || typeof parts[1] !== 'string') {
    throw badRequest('invalid_cursor', 'cursor: not a cursor this node issued');
  }
  return [parts[0], parts[1]];
}

/**
 * One page of entries without the totals (the dashboard, which shows the scope's statistics apart,
 * so a large scope's entries never wait for a count of the whole scope).
 */
export async function synthesizeEntries(request: SynthesisRequest & { limit: number }): Promise<{ summary: SynthesisEntry[]; next_cursor: string | null }> {
  const after = parseCursor(request.cursor);
  return readOnly(async (tx) => {
    const page = await synthesisPage(tx, optionsOf(request, new Date()), request.min_confidence, after, request.limit, request.contradicted_only);
    return { summary: page.rows.map((row) => toEntry(row, request.scope)), next_cursor: page.more && page.last ? encodeCursor(page.last) : null };
  });
}

/** One page (POST /v1/synthesis with limit): entries after `cursor`, at most `limit`, with the totals. */
export async function synthesizePage(request: SynthesisRequest & { limit: number }): Promise<SynthesisResponse> {
  const after = parseCursor(request.cursor);
  return readOnly(async (tx) => {
    const options = optionsOf(request, new Date());
    // Every page answers the scope's totals: counted once, then reused while the scope is unchanged.
    // A minimum in whole hundredths (the dashboard's) reads them off the scope's statistics, which
    // serve every such minimum and the page's chart from one aggregate.
    const totals = isWholeHundredth(request.min_confidence)
      ? { synthesized_at: formatInstant(options.now), scope: options.scope, ...totalsAt(await synthesisStats(tx, options), request.min_confidence)! }
      : await cachedTotals(tx, options, request.min_confidence, () => synthesisTotals(tx, options, request.min_confidence));
    const page = await synthesisPage(tx, options, request.min_confidence, after, request.limit, request.contradicted_only);
    return {
      summary: page.rows.map((row) => toEntry(row, request.scope)),
      ...totals,
      next_cursor: page.more && page.last ? encodeCursor(page.last) : null,
    };
  });
}

/** Rows per FETCH from the whole synthesis's cursor. */
const FETCH_ROWS = 5000;

type StreamRow = { j: string | null; contradicted: boolean; kept: boolean };
type Piece = { entries: string[] } | { totals: SynthesisTotals };

/**
 * The whole synthesis as JSON text, piece by piece: `{"summary":[…],"synthesized_at":…,…}`. One
 * query read through a cursor (lib/db/read-cursor.ts: one pass over the scope, one snapshot, read
 * as fast as the consumer takes it), each entry built as JSON text by the database (entryJsonSql);
 * the totals follow the summary, counted on the way and read in the same snapshot. The route sends
 * the pieces with back-pressure (lib/http/stream-text.ts).
 */
export async function* synthesisJson(request: SynthesisRequest): AsyncGenerator<string> {
  const options = optionsOf(request, new Date());
  const counts = { contradiction_count: 0, filtered_count: 0 };
  const pieces = readCursor<StreamRow, Piece>(
    Prisma.sql`
      ${synthesisCtes(options)}
      SELECT CASE WHEN confidence >= ${request.min_confidence} ${request.contradicted_only ? Prisma.sql`AND conflict_id IS NOT NULL` : Prisma.empty} THEN ${entryJsonSql(request.scope)} END AS j,
        conflict_id IS NOT NULL AS contradicted, confidence >= ${request.min_confidence} AS kept
      FROM entries ${ENTRY_ORDER}`,
    {
      batchSize: FETCH_ROWS,
      map: (_tx, rows) => [{ entries: rows.flatMap((row) => keptEntry(row, counts)) }],
      finish: async (tx) => {
        const [{ n }] = await tx.$queryRaw<{ n: bigint }[]>(Prisma.sql`${synthesisCtes(options)} SELECT count(*) AS n FROM cand WHERE live`);
        return [{ totals: { synthesized_at: formatInstant(options.now), scope: options.scope, fact_count: Number(n), ...counts } }];
      },
    },
  );
  let opened = false;
  for await (const batch of pieces) {
    for (const piece of batch) {
      if ('totals' in piece) {
        yield `${opened ? '' : '{"summary":['}],${JSON.stringify(piece.totals).slice(1)}`;
        return;
      }
      if (!piece.entries.length) continue;
      yield `${opened ? ',' : '{"summary":['}${piece.entries.join(',')}`;
      opened = true;
    }
  }
}

/**
 * The entry's JSON text, or nothing when it is below min_confidence (or, with contradicted_only,
 * not contradicted); the totals count the whole scope either way.
 */
function keptEntry(row: StreamRow, counts: { contradiction_count: number; filtered_count: number }): string[] {
  if (!row.kept) {
    counts.filtered_count++;
    return [];
  }
  if (row.contradicted) counts.contradiction_count++;
  return row.j === null ? [] : [row.j];
}
