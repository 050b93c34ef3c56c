import { Prisma } from '../../generated/prisma/client';

// The database's own view of each table: pg_stat_user_tables (cumulative statistics, shared by
// every connection and app instance, reset only when the stats are lost) and pg_class.reltuples
// (the planner's row count, durable). Both engines have them; PGlite just never acts on them.

export interface TableStatsRow {
  table: string;
  estimated_rows: number;
  live_rows: number;
  dead_rows: number;
  modified_since_analyze: number;
  inserted_since_vacuum: number;
  size_bytes: number;
  last_analyze: Date | null;
  last_autoanalyze: Date | null;
  last_vacuum: Date | null;
  last_autovacuum: Date | null;
}

/** Every table of the node's schema except Prisma's migration log. */
export const TABLE_STATS_SQL = Prisma.sql`
  SELECT s.relname AS "table",
         c.reltuples::float8 AS estimated_rows,
         s.n_live_tup::float8 AS live_rows,
         s.n_dead_tup::float8 AS dead_rows,
         s.n_mod_since_analyze::float8 AS modified_since_analyze,
         s.n_ins_since_vacuum::float8 AS inserted_since_vacuum,
         pg_total_relation_size(s.relid)::float8 AS size_bytes,
         s.last_analyze, s.last_autoanalyze, s.last_vacuum, s.last_autovacuum
    FROM pg_stat_user_tables s
    JOIN pg_class c ON c.oid = s.relid
   WHERE s.schemaname = current_schema() AND s.relname <> '_prisma_migrations'
   ORDER BY s.relname`;

/** Table names come from the catalog, but a statement naming them is still built from a strict shape. */
const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function quoteTable(table: string): string {
  if (!PLAIN_IDENTIFIER.test(table)) throw new Error(`maintenance: refusing to name table ${JSON.stringify(table)} in a statement`);
  return `"${table}"`;
}
