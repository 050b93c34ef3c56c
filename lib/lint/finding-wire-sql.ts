import { Prisma } from '../generated/prisma/client';

// A finding's wire JSON (LintFinding, as toFinding in run-lint.ts builds it and JSON.stringify
// writes it), rendered by the database from a row of findingsSql. The lint job of a 10M-fact scope
// stores 1.1M findings; parsing each row in the app, building the finding with its detail sentence
// and serializing it again cost about 6 µs a finding on one core, 7 s of the job (docs/performance.md).
// The database renders them on the cores the lint's queries use, and the app passes the text through.
//
// This is the second writer of the detail sentences; describeFinding (run-lint.ts) is the reference.
// Wherever the two could disagree the expression is NULL and the caller converts that row with
// toFinding instead:
// - a number value JavaScript would write with an exponent (|v| ≥ 1e21, or 0 < |v| < 1e-6), or one
//   the database holds with trailing zeros (JSON.stringify never writes them),
// - a confidence on a tie at the third decimal (toFixed rounds the exact binary value, the database
//   rounds its 15-digit decimal) or outside [0, 1e6],
// - an instant outside the years 1–9999, any value that is not a well-formed FactValue, and any
//   NULL where describeFinding would print "null", "NaN" or "undefined".
// finding-wire.test.ts (both engines) holds every check and each of these corners to describeFinding.

/** The value as quote() in run-lint.ts writes it: `"text"`, `?` for no value; NULL where unsure. */
function valueText(column: string): string {
  const v = `${column}->'v'`;
  return `CASE
    WHEN ${column} IS NULL OR jsonb_typeof(${column}) <> 'object' THEN '?'
    WHEN ${column}->>'type' = 'null' THEN '"(null)"'
    WHEN jsonb_typeof(${v}) IN ('string', 'boolean') THEN '"' || (${column}->>'v') || '"'
    WHEN jsonb_typeof(${v}) = 'number' AND abs((${v})::numeric) < 1e21 AND (abs((${v})::numeric) >= 0.000001 OR (${v})::numeric = 0)
      AND (${column}->>'v') !~ '\\.[0-9]*0$' THEN '"' || (${column}->>'v') || '"'
  END`;
}

/** Number(c).toFixed(2), or '?' for NULL; NULL on a tie at the third decimal or out of range. */
function confidenceText(column: string): string {
  return `CASE
    WHEN ${column} IS NULL THEN '?'
    WHEN ${column} >= 0 AND ${column} <= 1e6
      AND NOT (abs(${column} * 1000 - round(${column} * 1000)) < 1e-6 AND round(${column} * 1000)::bigint % 10 = 5)
      THEN round(${column}::numeric, 2)::text
  END`;
}

/** formatInstant (lib/time/instant.ts): UTC, milliseconds only when there are any; NULL outside years 1–9999. */
function instantText(column: string): string {
  const utc = `(${column} AT TIME ZONE 'UTC')`;
  return `CASE WHEN extract(year FROM ${utc}) BETWEEN 1 AND 9999 THEN
    to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS') || CASE to_char(${utc}, 'MS') WHEN '000' THEN '' ELSE '.' || to_char(${utc}, 'MS') END || 'Z'
  END`;
}

const json = (expression: string) => `to_json(${expression})::text`;
/** A key present only when its value is a non-empty text, as toFinding's `if (row.x)`. */
const optional = (key: string, expression: string) => `CASE WHEN (${expression}) <> '' THEN ',"${key}":' || ${json(expression)} ELSE '' END`;

/**
 * The wire JSON of the finding in row `x` (findingsSql's columns), or NULL where toFinding must
 * write it. `scope` is the lint's scope, as describeFinding takes it.
 */
export function findingWireSql(scope: string): Prisma.Sql {
  const raw = Prisma.raw;
  const qa = raw(valueText('x.value_a'));
  const instant = raw(instantText('x.valid_until'));
  const detail = Prisma.sql`CASE x."check"
    WHEN 'contradiction' THEN CASE WHEN x.value_total > 2 THEN x.value_total::text || ' live values' ELSE 'Two live values' END
      || ' for (entity, relation, scope): ' || ${qa} || ' (confidence ' || ${raw(confidenceText('x.confidence_a'))}
      || CASE WHEN x.value_total > 2 THEN '), ' ELSE ') and ' END || ${raw(valueText('x.value_b'))} || ' (confidence ' || ${raw(confidenceText('x.confidence_b'))}
      || CASE WHEN x.value_total > 2 THEN ') and ' || (x.value_total - 2)::text || ' more' ELSE ')' END
      || '; conflict ' || coalesce(x.conflict_id, 'null') || ' is unresolved'
      || CASE WHEN x.value_total > 2 THEN ' (resolving it decides all ' || x.value_total::text || ').' ELSE '.' END
    WHEN 'stale' THEN 'Value ' || ${qa} || CASE x.severity
      WHEN 'warning' THEN ' expired at ' || ${instant} || ' but is not retracted.'
      ELSE ' expires at ' || ${instant} || ', within the lookahead window.' END
    WHEN 'orphan' THEN 'No live facts remain: all ' || x.value_total::text || ' known value(s) of this entity in scope ' || ${scope}::text
      || ' are retracted or expired.'
    WHEN 'broken_ref' THEN 'Ref target ' || coalesce(x.ref_target, 'null') || ' has no live facts in scope ' || ${scope}::text
      || CASE WHEN x.severity = 'error' THEN '; a broken handoff silently discards agent context during delegation' ELSE '' END || '.'
    WHEN 'namespacing' THEN 'Relation "' || coalesce(x.relation, 'null') || '" has no namespace prefix; assert its ' || x.value_total::text
      || ' live value(s) as "memory:' || regexp_replace(coalesce(x.relation, ''), '^:+', '') || '" (or under the namespace they belong to) and retract the bare relation.'
  END`;
  return Prisma.sql`'{"check":' || ${raw(json('x."check"'))} || ',"severity":' || ${raw(json('x.severity'))} || ',"entity":' || ${raw(json('x.entity'))}
    || ',"relation":' || coalesce(${raw(json('x.relation'))}, 'null') || ',"fact_ids":' || array_to_json(x.fact_ids)::text
    || ',"detail":' || to_json(${detail})::text
    || ${raw(optional('conflict_id', 'x.conflict_id'))} || ${raw(optional('ref_target', 'x.ref_target'))}
    || CASE WHEN x.valid_until IS NOT NULL THEN ',"valid_until":"' || ${instant} || '"' ELSE '' END
    || CASE WHEN x."check" = 'namespacing' AND x.relation IS NOT NULL
      THEN ',"suggested_relation":' || to_json('memory:' || regexp_replace(x.relation, '^:+', ''))::text ELSE '' END
    || '}'`;
}
