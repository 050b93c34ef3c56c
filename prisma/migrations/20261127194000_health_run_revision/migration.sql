-- AlterTable
ALTER TABLE "health_runs" ADD COLUMN     "scope_revision" BIGINT;
