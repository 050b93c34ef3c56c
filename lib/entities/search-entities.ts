import { Prisma } from '../generated/prisma/client';
import { getDb } from '../db/prisma';
import { normalizeUri } from '../facts/normalize';
import type { FactScope } from '../facts/scope';
import { likePattern } from './like-pattern';

// The entity browser's search: entities whose URI starts with or contains the search text, in
// the scopes the caller can read, alphabetical, paged by the last entity shown. Reads value_heads
// (one row per value, not per fact), so a page costs one grouped scan of the matching values.

export const ENTITY_MATCH_MODES = ['contains', 'prefix'] as const;
export type EntityMatchMode = (typeof ENTITY_MATCH_MODES)[number];

export interface EntitySearchQuery {
  scopes: FactScope[];
  /** Normalized like stored entities before matching. */
  text: string;
  match: EntityMatchMode;
  /** The last entity of the previous page. */
  after?: string;
  limit: number;
}

export interface EntitySummary {
  entity: string;
  relations: number;
  values: number;
  liveValues: number;
  lastAssertedAt: string;
}

interface EntitySummaryRow {
  entity: string;
  relations: number;
  values: number;
  live_values: number;
  last_asserted_at: Date;
}

export async function searchEntities(query: EntitySearchQuery, now = new Date()): Promise<{ entities: EntitySummary[]; next: string | null }> {
  if (!query.scopes.length) return { entities: [], next: null };
  const text = normalizeUri(query.text);
  const db = await getDb();
  const rows = await db.$queryRaw<EntitySummaryRow[]>`
    SELECT vh.entity,
      count(DISTINCT vh.relation)::int AS relations,
      count(*)::int AS values,
      (count(*) FILTER (WHERE vh.confidence > 0 AND (vh.valid_until IS NULL OR vh.valid_until >= ${now})))::int AS live_values,
      max(vh.head_timestamp) AS last_asserted_at
    FROM value_heads vh
    WHERE vh.scope = ANY(${query.scopes}::text[])
      ${text ? Prisma.sql`AND vh.entity LIKE ${likePattern(text, query.match)} ESCAPE '\\'` : Prisma.empty}
      ${query.after ? Prisma.sql`AND vh.entity > ${query.after}` : Prisma.empty}
    GROUP BY vh.entity
    ORDER BY vh.entity
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  return {
    entities: page.map((row) => ({
      entity: row.entity,
      relations: Number(row.relations),
      values: Number(row.values),
      liveValues: Number(row.live_values),
      lastAssertedAt: new Date(row.last_asserted_at).toISOString(),
    })),
    next: rows.length > query.limit ? (page[page.length - 1]?.entity ?? null) : null,
  };
}
