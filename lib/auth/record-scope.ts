import { Prisma } from '../generated/prisma/client';
import type { FactScope } from '../facts/scope';
import { getDb } from '../db/prisma';

// The scope of a record named by id in a request path, for the route to authorize
// (lib/http/api-route.ts): null for an unknown id, so the handler answers its own 404.

const TABLE_OF = {
  conflict: 'conflicts',
  contradiction: 'contradictions',
  job: 'jobs',
  snapshot: 'synthesis_snapshots',
  alert: 'alerts',
  /** A fact (quarantine routes name the fact they act on). */
  fact: 'facts',
} as const;

export type ScopedRecord = keyof typeof TABLE_OF;

/** Conflict routes take a conflict id or a contradiction id (docs/api.md § Conflicts): which table holds it. */
export const conflictOrContradiction = (id: string): ScopedRecord => (id.startsWith('stigmem:contradiction:') ? 'contradiction' : 'conflict');

export async function recordScope(kind: ScopedRecord, id: string): Promise<FactScope | null> {
  const db = await getDb();
  // The table name is one of the constants above, never input.
  const [row] = await db.$queryRaw<{ scope: string | null }[]>`SELECT scope FROM ${Prisma.raw(TABLE_OF[kind])} WHERE id = ${id}`;
  return (row?.scope as FactScope | null | undefined) ?? null;
}
