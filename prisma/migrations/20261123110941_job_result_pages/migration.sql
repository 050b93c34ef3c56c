-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "paged_key" TEXT;

-- CreateTable
CREATE TABLE "job_result_pages" (
    "job_id" TEXT NOT NULL,
    "page" INTEGER NOT NULL,
    "items" JSON NOT NULL,

    CONSTRAINT "job_result_pages_pkey" PRIMARY KEY ("job_id","page")
);

-- AddForeignKey
ALTER TABLE "job_result_pages" ADD CONSTRAINT "job_result_pages_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
