import type { Tx } from '../db/prisma';

// A scope's revision: a counter that triggers on facts, value_heads and conflicts bump in every
// transaction that writes the scope (migration 20261124120000_scope_revisions), whatever the write
// path. Read in the same snapshot as a lint, it says later whether anything the lint read has changed.

/** The scope's revision in `tx`'s snapshot, "0" before its first write: a string, as a bigint goes into JSON. */
export async function scopeRevision(tx: Tx, scope: string): Promise<string> {
  const rows = await tx.$queryRaw<{ revision: bigint }[]>`SELECT revision FROM scope_revisions WHERE scope = ${scope}`;
  return String(rows[0]?.revision ?? 0);
}
