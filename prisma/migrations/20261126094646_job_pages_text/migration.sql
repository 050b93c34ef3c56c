-- A job's pages are stored as text, exactly as the job serialized them. As json, every page written was
-- validated by the database's JSON parser: 456 MB for a 10M-fact lint, about 5 s of its CPU while the
-- lint's own queries needed both cores. Nothing reads them as JSON in SQL: readers take the text as it is.
-- AlterTable
ALTER TABLE "job_result_pages" ALTER COLUMN "items" SET DATA TYPE TEXT;

-- The type change resets the column's compression; lz4 again where the server has it (as in
-- 20261124130000_job_pages_lz4; PGlite keeps pglz).
DO $$
BEGIN
  ALTER TABLE "job_result_pages" ALTER COLUMN "items" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
