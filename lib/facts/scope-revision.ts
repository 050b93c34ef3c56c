import type { Tx } from '../db/prisma';

// A scope's revision: a counter that triggers on facts, value_heads and conflicts bump in every
// transaction that writes the scope (migration 20261124120000_scope_revisions), whatever the write
// path. Read in the same snapshot as a whole-scope read (a lint, synthesis totals), it says later
// whether that read would still give the same answer.

/** The scope's revision in `tx`'s snapshot, "0" before its first write: a string, as a bigint goes into JSON. */
export async function scopeRevision(tx: Tx, scope: string): Promise<string> {
  // The sum of the scope's stripes (migration 20261127060000_parallel_writes).
  const rows = await tx.$queryRaw<{ revision: bigint | null }[]>`SELECT sum(revision)::bigint AS revision FROM scope_revisions WHERE scope = ${scope}`;
  return String(rows[0]?.revision ?? 0);
}

/** A whole-scope read's revision and instant. */
export interface ScopeReading {
  revision: string;
  at: Date;
}

/**
 * Whether a read of the scope made at `seen` gives the same answer at `now`. What it read from the
 * scope's value heads and conflicts only writes change (the revision counts them); what it made of
 * them at its instant changes when a value crosses a time it compared: valid_until against the
 * instant (live or expired), or against the instant plus a lookahead (`shiftsMs`: a lint's stale
 * window). So: the same revision, and no value's valid_until + shift lies in [seen.at, now). Both
 * tests read an index (the revision's key, value_heads (scope, valid_until)), whatever the scope's size.
 */
export async function unchangedSince(tx: Tx, scope: string, seen: ScopeReading, now: Date, shiftsMs: readonly number[] = [0]): Promise<boolean> {
  if (now < seen.at || (await scopeRevision(tx, scope)) !== seen.revision) return false;
  for (const shift of new Set(shiftsMs)) {
    const [{ crossed }] = await tx.$queryRaw<{ crossed: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM value_heads
        WHERE scope = ${scope} AND valid_until >= ${new Date(seen.at.getTime() + shift)} AND valid_until < ${new Date(now.getTime() + shift)}
      ) AS crossed`;
    if (crossed) return false;
  }
  return true;
}
