-- AlterTable
ALTER TABLE "health_runs" ADD COLUMN     "heartbeat_at" TIMESTAMPTZ(3),
ADD COLUMN     "instance_id" TEXT;
