import { INJECTION_SEVERITY } from '../integrity/flagged';
import { Prisma } from '../generated/prisma/client';
import { INTENT_REF_RELATIONS, type LintCheck, type LintRequest, type Severity } from './lint-request';
import { contradictedSql, liveValuesLateral, oldestConflictSql } from '../facts/contradiction-sql';
import { config } from '../config/config';

// The four checks of §14.1, Spec-20's namespacing and the two memory-integrity checks as set-based SQL over value heads (docs/semantics.md): one SELECT each,
// UNION ALL'd into one row set with the same columns, so callers can sort, filter, page and count
// in the database. No query loads the facts of a scope into JavaScript.

/** Max fact ids listed on an orphan or namespacing finding (the entity may have thousands of values). */
export const ORPHAN_FACT_IDS = 20;

// Every branch names and types every column, so any subset of checks can be UNION'd in any order.
const NO_CONFLICT = Prisma.raw('NULL::text AS conflict_id');
const NO_REF = Prisma.raw('NULL::text AS ref_target');
const NO_VALUE_B = Prisma.raw('NULL::jsonb AS value_b');
const NO_CONFIDENCE_B = Prisma.raw('NULL::float8 AS confidence_b');
/** A finding on one value names the source of its head fact (value_heads.head_source); the others none. */
const NO_SOURCE = Prisma.raw('NULL::text AS source');

const live = (alias: string, now: Date) =>
  Prisma.sql`(${Prisma.raw(alias)}.confidence > 0 AND (${Prisma.raw(alias)}.valid_until IS NULL OR ${Prisma.raw(alias)}.valid_until >= ${now}))`;

function filters(alias: string, request: LintRequest, withRelation = true) {
  const a = Prisma.raw(alias);
  return Prisma.sql`${request.entity ? Prisma.sql`AND ${a}.entity = ${request.entity}` : Prisma.empty}
    ${withRelation && request.relation ? Prisma.sql`AND ${a}.relation = ${request.relation}` : Prisma.empty}`;
}

function contradictionSql(request: LintRequest, now: Date) {
  // One finding per contradicted triple, naming every live value (strongest first); the conflict id
  // is the contradiction's oldest unresolved one (resolving it decides the whole triple).
  return Prisma.sql`
    SELECT 'contradiction' AS "check", 'error' AS severity, x.entity, x.relation,
      lv.fact_ids, ${oldestConflictSql('x')} AS conflict_id, ${NO_REF},
      NULL::timestamptz AS valid_until, lv."values"[1] AS value_a, lv."values"[2] AS value_b,
      lv.confidences[1] AS confidence_a, lv.confidences[2] AS confidence_b, lv.n AS value_total, ${NO_SOURCE}
    FROM contradictions x
    ${liveValuesLateral('x', now, 'lv')}
    WHERE x.scope = ${request.scope} AND ${contradictedSql('x', now)} ${filters('x', request)}`;
}

function staleSql(request: LintRequest, now: Date) {
  const horizon = new Date(now.getTime() + request.stale_lookahead_s * 1000);
  return Prisma.sql`
    SELECT 'stale' AS "check", CASE WHEN vh.valid_until < ${now} THEN 'warning' ELSE 'info' END AS severity, vh.entity, vh.relation,
      ARRAY[vh.head_fact_id] AS fact_ids, ${NO_CONFLICT}, ${NO_REF}, vh.valid_until, vh.value AS value_a, ${NO_VALUE_B},
      vh.confidence AS confidence_a, ${NO_CONFIDENCE_B}, 1::bigint AS value_total, vh.head_source AS source
    FROM value_heads vh
    WHERE vh.scope = ${request.scope} AND vh.confidence > 0 AND vh.valid_until < ${horizon} ${filters('vh', request)}`;
}

/**
 * Whether the entity whose entity_liveness row is `alias` has a live value at `now`: the row's figure
 * is the last instant it still has one (maintained by the write path; a missing row is an entity
 * with no value heads at all). Orphan reads the rows by range on (scope, live_until), broken_ref by
 * key: neither aggregates the scope's heads.
 */
const entityLive = (alias: string, now: Date) => Prisma.sql`coalesce(${Prisma.raw(alias)}.live_until >= ${now}, false)`;

function orphanSql(request: LintRequest, now: Date) {
  // Entity-level: every known value of the entity in this scope is retracted or expired, which the
  // maintained entity_liveness answers by range (live_until < now). With a relation filter, only
  // entities that have facts of that relation are reported. LATERAL looks up each orphan's values by
  // index; orphans are few, so nothing reads the whole scope for them.
  return Prisma.sql`
    SELECT 'orphan' AS "check", 'info' AS severity, ent.entity, NULL::text AS relation, o.fact_ids,
      ${NO_CONFLICT}, ${NO_REF}, NULL::timestamptz AS valid_until, NULL::jsonb AS value_a, ${NO_VALUE_B},
      NULL::float8 AS confidence_a, ${NO_CONFIDENCE_B}, o.value_total, ${NO_SOURCE}
    FROM entity_liveness ent CROSS JOIN LATERAL (
      SELECT (array_agg(vh.head_fact_id ORDER BY vh.head_hlc_wall DESC, vh.head_hlc_counter DESC))[1:${Prisma.raw(String(ORPHAN_FACT_IDS))}] AS fact_ids,
        count(*)::bigint AS value_total, ${request.relation ? Prisma.sql`bool_or(vh.relation = ${request.relation})` : Prisma.sql`TRUE`} AS has_relation
      FROM value_heads vh WHERE vh.scope = ${request.scope} AND vh.entity = ent.entity
    ) o
    WHERE ent.scope = ${request.scope} AND ent.live_until < ${now} AND o.value_total > 0 AND o.has_relation ${request.entity ? Prisma.sql`AND ent.entity = ${request.entity}` : Prisma.empty}`;
}

/**
 * `severity` (a page's block, lint-page.ts): only the refs that give it — the intent relations for
 * error, the others for warning — so the error block does not read every ref's target first.
 */
function brokenRefSql(request: LintRequest, now: Date, severity?: Severity) {
  // A live ref whose target (an entity, or a fact id) has no live fact in the same scope: checks
  // never cross scope boundaries (§14.1), so a target that lives only in another scope is broken here.
  // First the distinct targets of live refs, less those that are live entities and then those that
  // are live facts (probed per remaining target on the facts primary key). Only the refs to the few
  // broken targets are then read whole, by index, instead of carrying every ref's value through the
  // anti-joins. Each OFFSET 0 fences a step, so no plan hashes every fact or every ref of the scope
  // (the planner expects far more broken targets than there are).
  const intent = (alias: string) =>
    severity === 'error' ? Prisma.sql`AND ${Prisma.raw(alias)}.relation IN (${Prisma.join(INTENT_REF_RELATIONS)})`
    : severity === 'warning' ? Prisma.sql`AND ${Prisma.raw(alias)}.relation NOT IN (${Prisma.join(INTENT_REF_RELATIONS)})`
    : Prisma.empty;
  const liveRef = (alias: string) => Prisma.sql`${Prisma.raw(alias)}.scope = ${request.scope} AND ${Prisma.raw(alias)}.value_type = 'ref'
    AND ${Prisma.raw(alias)}.ref_target IS NOT NULL AND ${live(alias, now)} ${filters(alias, request)} ${intent(alias)}`;
  return Prisma.sql`
    SELECT 'broken_ref' AS "check", CASE WHEN r.relation IN (${Prisma.join(INTENT_REF_RELATIONS)}) THEN 'error' ELSE 'warning' END AS severity,
      r.entity, r.relation, ARRAY[r.head_fact_id] AS fact_ids, ${NO_CONFLICT}, r.ref_target, NULL::timestamptz AS valid_until,
      r.value AS value_a, ${NO_VALUE_B}, r.confidence AS confidence_a, ${NO_CONFIDENCE_B}, 1::bigint AS value_total, r.head_source AS source
    FROM (
      SELECT b.ref_target FROM (
        SELECT t.ref_target
        FROM (SELECT DISTINCT vh.ref_target FROM value_heads vh WHERE ${liveRef('vh')}) t
        LEFT JOIN entity_liveness e ON e.scope = ${request.scope} AND e.entity = t.ref_target
        WHERE NOT ${entityLive('e', now)}
        OFFSET 0
      ) b
      WHERE NOT EXISTS (
        SELECT 1 FROM facts f
        JOIN value_heads fv ON fv.entity = f.entity AND fv.relation = f.relation AND fv.scope = f.scope AND fv.value_hash = f.value_hash
        WHERE f.id = b.ref_target AND f.scope = ${request.scope} AND ${live('fv', now)}
        OFFSET 0)
      OFFSET 0
    ) broken
    CROSS JOIN LATERAL (SELECT * FROM value_heads r WHERE r.ref_target = broken.ref_target AND ${liveRef('r')} OFFSET 0) r`;
}

/** A relation with a namespace prefix: "memory:role", not "role" (nor ":role"). */
export const PREFIXED_RELATION = '^[^:]+:';

function namespacingSql(request: LintRequest, now: Date) {
  // Spec-20: live values whose relation has no `prefix:`, one finding per (entity, relation). A scope
  // holds few distinct relations, so they are walked on the (scope, relation) index one at a time
  // (a loose index scan) and only the bare ones' heads are read, instead of testing every head.
  const bare = request.relation
    ? Prisma.sql`SELECT ${request.relation}::text AS relation WHERE ${request.relation}::text !~ ${PREFIXED_RELATION}`
    : Prisma.sql`
      WITH RECURSIVE rels AS (
        (SELECT vh.relation FROM value_heads vh WHERE vh.scope = ${request.scope} ORDER BY vh.relation LIMIT 1)
        UNION ALL
        SELECT (SELECT vh.relation FROM value_heads vh WHERE vh.scope = ${request.scope} AND vh.relation > rels.relation ORDER BY vh.relation LIMIT 1)
        FROM rels WHERE rels.relation IS NOT NULL
      )
      SELECT rels.relation FROM rels WHERE rels.relation IS NOT NULL AND rels.relation !~ ${PREFIXED_RELATION}`;
  return Prisma.sql`
    SELECT 'namespacing' AS "check", 'warning' AS severity, n.entity, n.relation, n.fact_ids, ${NO_CONFLICT}, ${NO_REF},
      NULL::timestamptz AS valid_until, NULL::jsonb AS value_a, ${NO_VALUE_B}, NULL::float8 AS confidence_a, ${NO_CONFIDENCE_B}, n.value_total, ${NO_SOURCE}
    FROM (
      SELECT vh.entity, vh.relation, count(*)::bigint AS value_total,
        (array_agg(vh.head_fact_id ORDER BY vh.head_hlc_wall DESC, vh.head_hlc_counter DESC))[1:${Prisma.raw(String(ORPHAN_FACT_IDS))}] AS fact_ids
      FROM (${bare}) b
      JOIN value_heads vh ON vh.scope = ${request.scope} AND vh.relation = b.relation
      WHERE ${live('vh', now)} ${request.entity ? Prisma.sql`AND vh.entity = ${request.entity}` : Prisma.empty}
      GROUP BY vh.entity, vh.relation
    ) n`;
}

/**
 * Memory integrity (docs/decisions.md § Memory integrity): live values whose text the write path's
 * detectors flagged, read from the integrity columns on value_heads (its partial index holds only
 * flagged values) — no detector runs here. The scope's own threshold and personal-data rule come
 * from scope_settings, else STIGMEM_INJECTION_THRESHOLD; the same rule as lib/integrity/flagged.ts.
 * `confidence_a` carries the injection score and `value_b` the flags (masked, never the secret).
 */
function integritySql(check: 'injection' | 'sensitive') {
  return (request: LintRequest, now: Date) => {
    const setting = (column: string) => Prisma.sql`(SELECT s.${Prisma.raw(column)} FROM scope_settings s WHERE s.scope = ${request.scope})`;
    const flagged = Prisma.sql`(vh.integrity_score > 0 OR cardinality(vh.integrity_flags) > 0)`;
    if (check === 'injection') {
      return Prisma.sql`
        SELECT 'injection' AS "check", CASE WHEN vh.integrity_score >= ${INJECTION_SEVERITY.error} THEN 'error' WHEN vh.integrity_score >= ${INJECTION_SEVERITY.warning} THEN 'warning' ELSE 'info' END AS severity,
          vh.entity, vh.relation, ARRAY[vh.head_fact_id] AS fact_ids, ${NO_CONFLICT}, ${NO_REF}, NULL::timestamptz AS valid_until, NULL::jsonb AS value_a,
          to_jsonb(ARRAY(SELECT f FROM unnest(vh.integrity_flags) f WHERE f LIKE 'injection:%')) AS value_b, vh.integrity_score AS confidence_a, ${NO_CONFIDENCE_B},
          1::bigint AS value_total, vh.head_source AS source
        FROM value_heads vh
        WHERE vh.scope = ${request.scope} AND ${flagged} AND ${live('vh', now)} ${filters('vh', request)}
          AND vh.integrity_score >= coalesce(${setting('injection_threshold')}, ${config().integrity.injectionThreshold})`;
    }
    const personal = Prisma.sql`coalesce(${setting('forbid_personal_data')}, false)`;
    const kept = Prisma.sql`ARRAY(SELECT f FROM unnest(vh.integrity_flags) f WHERE f LIKE 'credential:%' OR (${personal} AND f LIKE 'personal_data:%'))`;
    return Prisma.sql`
      SELECT 'sensitive' AS "check", CASE WHEN EXISTS (SELECT 1 FROM unnest(vh.integrity_flags) f WHERE f LIKE 'credential:%') THEN 'error' ELSE 'warning' END AS severity,
        vh.entity, vh.relation, ARRAY[vh.head_fact_id] AS fact_ids, ${NO_CONFLICT}, ${NO_REF}, NULL::timestamptz AS valid_until, NULL::jsonb AS value_a,
        to_jsonb(${kept}) AS value_b, NULL::float8 AS confidence_a, ${NO_CONFIDENCE_B}, 1::bigint AS value_total, vh.head_source AS source
      FROM value_heads vh
      WHERE vh.scope = ${request.scope} AND ${flagged} AND ${live('vh', now)} ${filters('vh', request)} AND cardinality(${kept}) > 0`;
  };
}

const builders: Record<LintCheck, (request: LintRequest, now: Date, severity?: Severity) => Prisma.Sql> = {
  contradiction: contradictionSql,
  stale: staleSql,
  orphan: orphanSql,
  broken_ref: brokenRefSql,
  namespacing: namespacingSql,
  injection: integritySql('injection'),
  sensitive: integritySql('sensitive'),
};

/**
 * One SELECT per requested check, UNION ALL'd, with sort ranks for the deterministic order.
 * `severity`: a hint that only findings of that severity are wanted (the caller still filters).
 */
export function findingsSql(request: LintRequest, now: Date, checks: readonly LintCheck[] = request.checks, severity?: Severity): Prisma.Sql {
  const parts = checks.map((check) => builders[check](request, now, severity));
  return Prisma.sql`
    SELECT u.*,
      CASE u.severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END AS severity_rank,
      CASE u."check" WHEN 'contradiction' THEN 0 WHEN 'stale' THEN 1 WHEN 'orphan' THEN 2 WHEN 'broken_ref' THEN 3 WHEN 'namespacing' THEN 4
        WHEN 'injection' THEN 5 ELSE 6 END AS check_rank,
      split_part(coalesce(u.relation, ''), ':', 1) AS namespace
    FROM (${Prisma.join(parts, ' UNION ALL ')}) u`;
}

export interface FindingRow {
  check: LintCheck;
  severity: 'error' | 'warning' | 'info';
  entity: string;
  relation: string | null;
  fact_ids: string[];
  conflict_id: string | null;
  ref_target: string | null;
  /** A Date from the driver's columns; ISO text when read back from findingsJsonSql's JSON. */
  valid_until: Date | string | null;
  value_a: unknown;
  value_b: unknown;
  confidence_a: number | null;
  confidence_b: number | null;
  value_total: bigint | number | null;
  /** The source of the finding's head fact, for a finding on one value (stale, broken_ref, injection, sensitive); else null. */
  source: string | null;
  namespace: string;
}

/** §14.2 order: severity, check, entity, relation (then the first fact id), byte-wise so every database and the job path agree. */
export const FINDING_ORDER = Prisma.sql`ORDER BY severity_rank, check_rank, entity COLLATE "C", relation COLLATE "C" NULLS FIRST, fact_ids[1] COLLATE "C"`;

/** Facts scanned (§14.4 fact_count): fact rows of the scope, narrowed by the entity and relation filters. */
function factsOf(request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>) {
  return Prisma.sql`facts f WHERE f.scope = ${request.scope}
    ${request.entity ? Prisma.sql`AND f.entity = ${request.entity}` : Prisma.empty}
    ${request.relation ? Prisma.sql`AND f.relation = ${request.relation}` : Prisma.empty}`;
}

export function factCountSql(request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>) {
  return Prisma.sql`SELECT count(*)::bigint AS n FROM ${factsOf(request)}`;
}

/** The count when it is at most `limit`, else limit + 1: reads at most limit + 1 index entries. */
export function factCountUpToSql(request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>, limit: number) {
  return Prisma.sql`SELECT count(*)::bigint AS n FROM (SELECT 1 FROM ${factsOf(request)} LIMIT ${limit + 1}) x`;
}

/** The planner's estimate of the fact rows (from the table's statistics): no rows are read. */
export function factEstimateSql(request: Pick<LintRequest, 'scope' | 'entity' | 'relation'>) {
  return Prisma.sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${factsOf(request)}`;
}
