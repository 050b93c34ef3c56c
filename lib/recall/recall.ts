import { createHash, randomUUID } from 'node:crypto';
import { agentFact } from '../agent-text/agent-fact';
import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { type FactRow, toFactRecord } from '../facts/fact-record';
import { contradictedColumn } from '../facts/query-facts';
import { anyWordQuerySql, queryWords } from '../facts/search-vector';
import type { RecallRequest } from './recall-request';
import { packToBudget, type RecallCandidate, type ScoredFact, scoreCandidates } from './score-recall';

// POST /v1/recall: the live value heads of one scope most relevant to a query, within a token
// budget. Lexical hits come from the GIN-indexed full-text vector (value_heads.search); with
// include_neighbors, the heads of entities up to `depth` ref hops away from the hits join them;
// scoring and packing are in score-recall.ts. Never expired, retracted, below min_confidence, or
// the node's stigmem: bookkeeping. Contradicted values stay in, marked `contradicted`.
// Each fact is handed over as agent text (lib/agent-text/agent-fact.ts: inert text fields and
// `sanitizer_warnings`), and the reference node's channels come with it: `content` holds the
// recalled facts, `instructions` is always empty — this node has no attested instruction channel,
// so nothing a writer stored is ever promoted to an instruction (docs/decisions.md § Agent text).

export interface RecallResponse {
  recall_id: string;
  query_hash: string;
  facts: ScoredFact[];
  total_scored: number;
  token_budget: number;
  tokens_used: number;
  truncated: boolean;
  /** The reference node's channel fields; left out with `legacy_format`. */
  content?: ScoredFact[];
  instructions?: ScoredFact[];
}

interface HeadHit {
  entity: string;
  head_fact_id: string;
  rank: number;
}

const liveHead = (request: RecallRequest, now: Date) => Prisma.sql`
  vh.scope = ${request.scope} AND vh.confidence > 0 AND vh.confidence >= ${request.min_confidence}
  AND (vh.valid_until IS NULL OR vh.valid_until >= ${now}) AND vh.relation NOT LIKE 'stigmem:%'`;

async function lexicalHits(tx: Tx, request: RecallRequest, words: string[], now: Date): Promise<HeadHit[]> {
  if (!words.length) return [];
  return tx.$queryRaw<HeadHit[]>`
    SELECT vh.entity, vh.head_fact_id, ts_rank(vh.search, q)::float8 AS rank
    FROM value_heads vh, ${anyWordQuerySql(words)} AS q
    WHERE vh.search @@ q AND ${liveHead(request, now)}
    ORDER BY rank DESC, vh.head_hlc_wall DESC, vh.head_hlc_counter DESC, vh.head_fact_id
    LIMIT ${request.limit}`;
}

/** Entities one ref hop from `frontier`, either way along a live ref value of the scope. */
async function neighbourEntities(tx: Tx, request: RecallRequest, frontier: string[], now: Date, cap: number): Promise<string[]> {
  const rows = await tx.$queryRaw<{ entity: string }[]>`
    SELECT DISTINCT x.entity FROM (
      SELECT vh.ref_target AS entity FROM value_heads vh
      WHERE vh.entity = ANY(${frontier}::text[]) AND vh.ref_target IS NOT NULL AND ${liveHead(request, now)}
      UNION
      SELECT vh.entity FROM value_heads vh
      WHERE vh.ref_target = ANY(${frontier}::text[]) AND ${liveHead(request, now)}
    ) x
    ORDER BY x.entity LIMIT ${cap}`;
  return rows.map((r) => r.entity);
}

async function entityHeads(tx: Tx, request: RecallRequest, entities: string[], now: Date, cap: number): Promise<{ entity: string; head_fact_id: string }[]> {
  return tx.$queryRaw`
    SELECT vh.entity, vh.head_fact_id FROM value_heads vh
    WHERE vh.entity = ANY(${entities}::text[]) AND ${liveHead(request, now)}
    ORDER BY vh.confidence DESC, vh.head_hlc_wall DESC, vh.head_hlc_counter DESC, vh.head_fact_id
    LIMIT ${cap}`;
}

/** Lexical hits at hop 0, then the heads of entities 1..depth hops away, up to `limit` candidates. */
async function findCandidates(tx: Tx, request: RecallRequest, now: Date): Promise<{ id: string; rank: number; hop: number }[]> {
  const hits = await lexicalHits(tx, request, queryWords(request.query), now);
  const candidates = new Map(hits.map((h) => [h.head_fact_id, { id: h.head_fact_id, rank: Number(h.rank), hop: 0 }]));
  if (!request.include_neighbors || !hits.length) return [...candidates.values()];
  const seen = new Set(hits.map((h) => h.entity));
  let frontier = [...seen];
  for (let hop = 1; hop <= request.depth && frontier.length && candidates.size < request.limit; hop++) {
    const next = (await neighbourEntities(tx, request, frontier, now, request.limit)).filter((e) => !seen.has(e));
    next.forEach((e) => seen.add(e));
    if (next.length) {
      for (const head of await entityHeads(tx, request, next, now, request.limit - candidates.size)) {
        if (!candidates.has(head.head_fact_id)) candidates.set(head.head_fact_id, { id: head.head_fact_id, rank: 0, hop });
      }
    }
    frontier = next;
  }
  return [...candidates.values()];
}

async function loadFacts(tx: Tx, ids: string[], now: Date): Promise<Map<string, FactRow>> {
  if (!ids.length) return new Map();
  const rows = await tx.$queryRaw<FactRow[]>`
    SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
      f.write_mode, f.derived_from, f.session_id, ${contradictedColumn(now)} AS contradicted
    FROM facts f WHERE f.id = ANY(${ids}::text[])`;
  return new Map(rows.map((r) => [r.id, r]));
}

export async function recall(request: RecallRequest, options: { legacyFormat?: boolean } = {}): Promise<RecallResponse> {
  const now = new Date();
  const candidates = await readOnly(async (tx) => {
    const found = await findCandidates(tx, request, now);
    const rows = await loadFacts(tx, found.map((c) => c.id), now);
    return found.flatMap<RecallCandidate>((c) => {
      const row = rows.get(c.id);
      // A head's fact carries the value's own confidence; the trust signal is the effective one
      // (equal for live heads, which are the only candidates).
      return row ? [{ fact: agentFact(toFactRecord(row)), rank: c.rank, hop: c.hop }] : [];
    });
  });
  const scored = scoreCandidates(candidates, request.weights, now.getTime());
  const packed = packToBudget(scored, request.token_budget);
  return {
    recall_id: randomUUID(),
    query_hash: createHash('sha256').update(request.query).digest('hex'),
    facts: packed.facts,
    total_scored: scored.length,
    token_budget: request.token_budget,
    tokens_used: packed.tokensUsed,
    truncated: packed.truncated,
    ...(options.legacyFormat ? {} : { content: packed.facts, instructions: [] }),
  };
}
