-- AlterTable
ALTER TABLE "health_runs" DROP COLUMN "fingerprints";
