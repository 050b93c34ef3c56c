-- Facts are immutable (DESIGN.md §3): every change is a new row. Refuse UPDATE and DELETE at the
-- database, so no code path (or stray script) can rewrite history.
CREATE FUNCTION stigmem_facts_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'facts are immutable: % on facts is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER facts_immutable
  BEFORE UPDATE OR DELETE ON facts
  FOR EACH ROW EXECUTE FUNCTION stigmem_facts_immutable();
