-- DropIndex
DROP INDEX "value_heads_head_fact_idx";

-- Value heads are rewritten in place by every write and decay step. With no index on the columns
-- those writes change (the head fact id had the only one) and room left on each page, PostgreSQL
-- updates them as heap-only tuples: no new entries in the table's five other indexes.
ALTER TABLE "value_heads" SET (fillfactor = 80);
