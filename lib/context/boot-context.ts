import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import { readOnly } from '../db/read-only';
import type { Tx } from '../db/prisma';
import { type FactRow, toFactRecord } from '../facts/fact-record';
import { normalizeUri } from '../facts/normalize';
import { scopeSchema } from '../facts/scope';
import { synthesisCtes } from '../synthesis/synthesis-sql';
import { type BootContext, renderContextBlock } from './render-context';

// POST /v1/context: a Spec-19 BootContext {facts, summary} from the scope's synthesis — the winning
// fact of each live triple, optionally narrowed to one entity, a confidence floor and namespaces,
// at most `limit` facts (highest confidence first), and the Markdown block an agent would receive.

export const contextRequestSchema = z.object({
  scope: scopeSchema,
  entity: z.string().transform(normalizeUri).pipe(z.string().min(1, 'entity must not be empty').max(1024, 'entity is at most 1024 characters')).nullish(),
  min_confidence: z.number().min(0, 'min_confidence must be in [0, 1]').max(1, 'min_confidence must be in [0, 1]').nullish().transform((v) => v ?? 0),
  namespaces: z
    .array(z.string().min(1).max(100, 'a namespace is at most 100 characters').transform((ns) => ns.replace(/:$/, '')))
    .max(100, 'at most 100 namespaces')
    .nullish(),
  /** Heading of the block ("## Stigmem context - {subject}"): default the entity, else the scope. */
  subject: z.string().min(1).max(500).nullish(),
  limit: z.number().int().min(1).max(1000).nullish().transform((v) => v ?? 100),
});
export type ContextRequest = z.output<typeof contextRequestSchema>;

export function bootContext(request: ContextRequest): Promise<BootContext> {
  return readOnly((tx) => contextIn(tx, request, new Date()));
}

/** The context of `request` read in `tx` at `now` (a time-travel transaction and its instant, or a read now). */
export async function contextIn(tx: Tx, request: ContextRequest, now: Date): Promise<BootContext> {
  const namespaces = request.namespaces?.length ? request.namespaces : null;
  const rows = await tx.$queryRaw<(FactRow & { contradicted: boolean })[]>(Prisma.sql`
    ${synthesisCtes({ scope: request.scope, entity: request.entity, includeExpired: false, now })},
    chosen AS (
      SELECT head_fact_id, conflict_id IS NOT NULL AS contradicted, confidence, head_hlc_wall, head_hlc_counter FROM entries
      WHERE confidence >= ${request.min_confidence}
        ${namespaces ? Prisma.sql`AND split_part(relation, ':', 1) = ANY(${namespaces}::text[])` : Prisma.empty}
      ORDER BY confidence DESC, head_hlc_wall DESC, head_hlc_counter DESC
      LIMIT ${request.limit}
    )
    SELECT f.id, f.entity, f.relation, f.scope, f.value, f.source, f.timestamp, f.hlc_wall, f.hlc_counter, f.valid_until, f.confidence,
         f.write_mode, f.derived_from, f.session_id, c.contradicted
    FROM chosen c JOIN facts f ON f.id = c.head_fact_id
    ORDER BY c.confidence DESC, c.head_hlc_wall DESC, c.head_hlc_counter DESC`);
  const facts = rows.map(toFactRecord);
  return { facts, summary: renderContextBlock(request.subject ?? request.entity ?? request.scope, facts) };
}
