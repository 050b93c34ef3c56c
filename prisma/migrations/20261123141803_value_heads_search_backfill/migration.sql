-- Backfill of value_heads.search (recall's lexical signal) for the rows written before the column
-- existed. The write path sets it on insert with the same expression (lib/facts/triple-store.ts,
-- upsertHeads): entity, relation and the value's text, every run of non-alphanumerics turned into a
-- space so URIs and prefixed relations split into words, under the language-neutral 'simple' config.
UPDATE "value_heads"
SET "search" = to_tsvector('simple'::regconfig,
  regexp_replace("entity" || ' ' || "relation" || ' ' || coalesce("value" ->> 'v', ''), '[^[:alnum:]]+', ' ', 'g'))
WHERE "search" IS NULL;
