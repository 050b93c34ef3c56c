-- DropIndex
DROP INDEX "facts_valid_until_idx";

-- No query selects facts by valid_until: expiry is read from value_heads (its own valid_until
-- index serves lint's stale check and decay), and GET /v1/facts only filters the rows an HLC-ordered
-- index scan already reads. The index cost every insert into facts about 5 ms per 1,000 rows.
