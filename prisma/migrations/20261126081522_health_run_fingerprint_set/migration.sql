-- AlterTable
ALTER TABLE "health_runs" ADD COLUMN     "fingerprint_set" BYTEA;
