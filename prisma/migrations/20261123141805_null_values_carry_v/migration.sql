-- A null FactValue now reads {"type":"null","v":null} everywhere, as the reference node sends it
-- (docs/decisions.md § Facts). New writes store that form; this rewrites the stored form of older
-- ones. Only the JSON spelling changes: the value, its hash (canonical "null:") and every other
-- column stay as they were, so the facts' immutability trigger is lifted for this one statement.
ALTER TABLE "facts" DISABLE TRIGGER "facts_immutable";
UPDATE "facts" SET "value" = '{"type":"null","v":null}'::jsonb WHERE "value_type" = 'null' AND NOT ("value" ? 'v');
ALTER TABLE "facts" ENABLE TRIGGER "facts_immutable";
UPDATE "value_heads" SET "value" = '{"type":"null","v":null}'::jsonb WHERE "value_type" = 'null' AND NOT ("value" ? 'v');
UPDATE "synthesis_snapshot_entries" SET "value" = '{"type":"null","v":null}'::jsonb WHERE "value" = '{"type":"null"}'::jsonb;
UPDATE "synthesis_snapshot_entries" SET "alt_value" = '{"type":"null","v":null}'::jsonb WHERE "alt_value" = '{"type":"null"}'::jsonb;
