-- GIN index for recall's full-text match (value_heads.search @@ tsquery). Written by hand: Prisma's
-- schema language cannot index an Unsupported("tsvector") field. It is partial (search IS NOT NULL,
-- which every row satisfies and `search @@ q` implies, so the planner uses it) because Prisma's diff
-- leaves partial indexes alone, where it would drop a plain index it cannot describe.
-- No head column a re-assertion or decay step rewrites is indexed here (search is set on insert
-- only), so those updates stay heap-only (see 20261122060603_value_heads_hot_updates).
CREATE INDEX "value_heads_search_idx" ON "value_heads" USING GIN ("search") WHERE "search" IS NOT NULL;
