-- A scope's open contradictions in lint's order (§14.2: entity, then relation, byte-wise): a page of
-- lint's contradiction findings (POST /v1/lint with limit) walks this index from its cursor and stops
-- after the page, instead of reading every contradiction of the scope. Not in schema.prisma: Prisma
-- cannot declare a partial index or a column collation in an index.
CREATE INDEX "contradictions_open_scope_idx" ON "contradictions"("scope", "entity" COLLATE "C", "relation" COLLATE "C") WHERE "status" = 'open';
