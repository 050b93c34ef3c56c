-- Backfill of health_runs.fingerprint_set from the text array it replaces (dropped by the next
-- migration): each 12-hex-digit hash as its 6 bytes, concatenated in the array's sorted order.
-- Only a scope's latest finished run holds a set, so this touches at most one row per scope.
UPDATE "health_runs"
SET "fingerprint_set" = (SELECT string_agg(decode(h, 'hex'), ''::bytea ORDER BY h) FROM unnest("fingerprints") AS h)
WHERE cardinality("fingerprints") > 0;
