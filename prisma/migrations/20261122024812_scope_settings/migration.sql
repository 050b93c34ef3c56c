-- CreateTable
CREATE TABLE "scope_settings" (
    "scope" TEXT NOT NULL,
    "auto_resolve" BOOLEAN NOT NULL DEFAULT false,
    "auto_resolve_budget" INTEGER NOT NULL DEFAULT 5,
    "updated_by" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scope_settings_pkey" PRIMARY KEY ("scope")
);
