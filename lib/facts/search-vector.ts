import { Prisma } from '../generated/prisma/client';

// value_heads.search: recall's lexical signal, PostgreSQL full-text search on both engines. The text
// is the entity, the relation and the value's text with every run of non-alphanumerics turned into a
// space, so "stigmem://acme/user/alice" and "memory:role" split into words; the 'simple' config
// lowercases and neither stems nor drops stop words (values are in any language). The backfill
// migration (20261123141803_value_heads_search_backfill) uses the same expression.

/** The tsvector of a value head whose columns are reachable under `alias`. */
export function searchVectorSql(alias: string): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}.${name}`);
  return Prisma.sql`to_tsvector('simple'::regconfig,
    regexp_replace(${column('entity')} || ' ' || ${column('relation')} || ' ' || coalesce(${column('value')} ->> 'v', ''), '[^[:alnum:]]+', ' ', 'g'))`;
}

/** Words of a recall query, as the tsvector splits them: lowercase letters and digits, at most 32. */
export function queryWords(query: string): string[] {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return [...new Set(words)].slice(0, 32);
}

/** A tsquery matching any of the words (OR): recall ranks partial matches instead of dropping them. */
export function anyWordQuerySql(words: string[]): Prisma.Sql {
  return Prisma.sql`to_tsquery('simple'::regconfig, ${words.join(' | ')})`;
}
