-- Triple-wide retractions are rare, and an import looks up the newest one of each triple it writes
-- (an imported fact older than it is born retracted). A partial index holds only those facts, so the
-- lookup reads a few index entries instead of every fact of the triples. It is written by hand:
-- Prisma's schema language has no partial indexes, and its diff leaves indexes it cannot describe alone.
CREATE INDEX "facts_retraction_marks_idx" ON "facts" ("entity", "relation", "scope", "hlc_wall" DESC, "hlc_counter" DESC) WHERE "retracts_triple";
