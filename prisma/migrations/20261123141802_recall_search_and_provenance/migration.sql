-- AlterTable
ALTER TABLE "facts" ADD COLUMN     "derived_from" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "session_id" TEXT,
ADD COLUMN     "write_mode" TEXT NOT NULL DEFAULT 'assert';

-- AlterTable
ALTER TABLE "value_heads" ADD COLUMN     "search" tsvector;
