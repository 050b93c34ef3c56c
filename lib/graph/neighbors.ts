import { Prisma } from '../generated/prisma/client';
import type { Tx } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { unprocessable } from '../errors/domain-error';
import type { FactScope } from '../facts/scope';
import { decodeCursor, encodeCursor } from '../schemas/query-params';

// GET /v1/graph/neighbors (the reference node's graph endpoint): the entities within `depth` ref
// hops of a seed entity. An edge is a live ref value head — never retracted, expired, in quarantine,
// below min_confidence or the node's stigmem: bookkeeping — of one of the scopes the request may read,
// followed either way: the seed's own ref values lead out, other entities' refs to it lead in.
// Breadth first: each entity is listed once, at the fewest hops that reach it, by the strongest edge
// into it (confidence, then relation, then fact id). At most MAX_NEIGHBORS entities are gathered
// (`truncated` says so); the answer pages through them in order of hops, then entity.

/** The deepest traversal a request may ask for: deeper asks answer 400 (the reference's cap). */
export const MAX_NEIGHBOR_DEPTH = 3;
/** Entities gathered per request, over every page: a hub's neighbourhood is cut off here. */
export const MAX_NEIGHBORS = 1000;

export interface NeighborsQuery {
  entity: string;
  depth: number;
  scopes: readonly FactScope[];
  /** An exact relation, or a prefix ending in `*` (`memory:*`). */
  relationFilter?: string;
  minConfidence: number;
  pageSize: number;
  cursor?: string;
}

export interface NeighborItem {
  entity: string;
  /** The relation of the edge that reached this entity. */
  relation: string;
  hops: number;
  /** The edge's confidence. */
  confidence: number;
  /** The entities from the seed to this one, both included. */
  path: string[];
  /** This node keeps no per-source trust score. */
  source_trust: null;
  /** `out`: the previous entity on the path holds the ref; `in`: this entity holds a ref to it. */
  direction: 'out' | 'in';
  /** The ref value's head fact, and its scope. */
  fact_id: string;
  scope: FactScope;
}

export interface NeighborsResponse {
  entity: string;
  depth: number;
  neighbors: NeighborItem[];
  /** Every neighbour found, across pages (at most MAX_NEIGHBORS). */
  total_hint: number;
  next_cursor: string | null;
  /** The traversal stopped at MAX_NEIGHBORS entities. */
  truncated: boolean;
}

interface EdgeRow {
  from_entity: string;
  to_entity: string;
  relation: string;
  confidence: number;
  fact_id: string;
  scope: FactScope;
  direction: 'out' | 'in';
}

/** `memory:*` → relation LIKE 'memory:%'; a filter without a trailing `*` is one relation. */
function relationSql(filter: string | undefined): Prisma.Sql {
  if (!filter || filter === '*') return Prisma.empty;
  if (!filter.endsWith('*')) return Prisma.sql`AND vh.relation = ${filter}`;
  const prefix = filter.slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`);
  return Prisma.sql`AND vh.relation LIKE ${`${prefix}%`} ESCAPE '\\'`;
}

async function nextHop(tx: Tx, query: NeighborsQuery, frontier: string[], seen: string[], cap: number, now: Date): Promise<EdgeRow[]> {
  const live = Prisma.sql`vh.scope = ANY(${[...query.scopes]}::text[]) AND vh.confidence > 0 AND vh.confidence >= ${query.minConfidence}
    AND (vh.valid_until IS NULL OR vh.valid_until >= ${now}) AND vh.relation NOT LIKE 'stigmem:%' ${relationSql(query.relationFilter)}`;
  const rows = await tx.$queryRaw<EdgeRow[]>`
    SELECT DISTINCT ON (e.to_entity) e.* FROM (
      SELECT vh.entity AS from_entity, vh.ref_target AS to_entity, vh.relation, vh.confidence::float8 AS confidence, vh.head_fact_id AS fact_id, vh.scope, 'out' AS direction
      FROM value_heads vh WHERE vh.entity = ANY(${frontier}::text[]) AND vh.ref_target IS NOT NULL AND ${live}
      UNION ALL
      SELECT vh.ref_target, vh.entity, vh.relation, vh.confidence::float8, vh.head_fact_id, vh.scope, 'in'
      FROM value_heads vh WHERE vh.ref_target = ANY(${frontier}::text[]) AND ${live}
    ) e
    WHERE NOT (e.to_entity = ANY(${seen}::text[]))
    ORDER BY e.to_entity, e.confidence DESC, e.relation, e.fact_id
    LIMIT ${cap}`;
  return rows.map((row) => ({ ...row, confidence: Number(row.confidence) }));
}

/** Every neighbour within the depth, in order of hops then entity, and whether the cap cut the walk short. */
async function traverse(tx: Tx, query: NeighborsQuery, now: Date): Promise<{ items: NeighborItem[]; truncated: boolean }> {
  const paths = new Map<string, string[]>([[query.entity, [query.entity]]]);
  const items: NeighborItem[] = [];
  let frontier = [query.entity];
  let truncated = false;
  for (let hops = 1; hops <= query.depth && frontier.length && query.scopes.length; hops++) {
    const room = MAX_NEIGHBORS - items.length;
    // One row past the room tells a cut-off walk from one that ended exactly at the cap.
    const edges = await nextHop(tx, query, frontier, [...paths.keys()], room + 1, now);
    if (edges.length > room) truncated = true;
    // Ordered by entity as the cursor compares them (code units, whatever the database's collation).
    const taken = edges.slice(0, room).sort((a, b) => (a.to_entity < b.to_entity ? -1 : a.to_entity > b.to_entity ? 1 : 0));
    for (const edge of taken) {
      const path = [...paths.get(edge.from_entity)!, edge.to_entity];
      paths.set(edge.to_entity, path);
      items.push({
        entity: edge.to_entity, relation: edge.relation, hops, confidence: edge.confidence, path, source_trust: null,
        direction: edge.direction, fact_id: edge.fact_id, scope: edge.scope,
      });
    }
    if (truncated) break;
    frontier = taken.map((edge) => edge.to_entity);
  }
  return { items, truncated };
}

function parseCursor(cursor: string): [number, string] {
  const parts = decodeCursor(cursor);
  if (parts?.length !== 2 || !Number.isInteger(parts[0]) || typeof parts[1] !== 'string') throw unprocessable('invalid_cursor', 'cursor: not a cursor this node issued');
  return [parts[0] as number, parts[1]];
}

/** `db` and `now`: a time-travel transaction and its instant (lib/time-travel/at-instant.ts); else a read now. */
export async function graphNeighbors(query: NeighborsQuery, db?: Tx, now = new Date()): Promise<NeighborsResponse> {
  const after = query.cursor === undefined ? null : parseCursor(query.cursor);
  const { items, truncated } = await (db ? traverse(db, query, now) : readOnly((tx) => traverse(tx, query, now)));
  const rest = after ? items.filter((item) => item.hops > after[0] || (item.hops === after[0] && item.entity > after[1])) : items;
  const page = rest.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    entity: query.entity,
    depth: query.depth,
    neighbors: page,
    total_hint: items.length,
    next_cursor: rest.length > query.pageSize && last ? encodeCursor([last.hops, last.entity]) : null,
    truncated,
  };
}
