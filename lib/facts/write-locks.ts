import { config } from '../config/config';
import { databaseKind } from '../db/connection';
import type { Tx } from '../db/prisma';
import { sqlArray } from '../db/sql-array';
import { observeLockWait } from '../metrics/registry';

// What a write locks (docs/decisions.md § Parallel writes). The contradiction rules read and write
// one triple's state (value heads, its contradiction and conflicts), so writers of one triple must
// take turns; writers of different triples need not. Locks are transaction-scoped advisory locks
// at two levels, always taken in one order, so no two writers wait on each other in a cycle:
//   1. its scopes, in sorted order: shared by an ordinary write, exclusive by one that takes the
//      scope whole (a decay sweep chunk, a batch over more than MAX_ENTITY_LOCKS entities);
//   2. then, under shared scope locks, its (scope, entity) pairs in sorted key order, exclusive.
// The entity, not the triple: an entity's triples are usually written together, so a batch takes
// fewer locks (the server's lock table holds about ten thousand across all sessions).
// PGlite has one session and runs one transaction at a time: nothing to lock there.

/** Above this many entities a write locks its scopes whole instead. */
export const MAX_ENTITY_LOCKS = 512;

/** The class of scope locks (the first int4 of the two-key form; plain bigint locks are a space of their own). */
const SCOPE_CLASS = 0x53_43_4f_50;

export interface WriteTarget {
  scope: string;
  entity: string;
}

/** FNV-1a, 32 bits, as a signed int4. */
function fnv1a(text: string, basis: number): number {
  let hash = basis;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

type LockKey = [number, number];

const scopeKey = (scope: string): LockKey => [SCOPE_CLASS, fnv1a(scope, 0x811c9dc5)];

function entityKey({ scope, entity }: WriteTarget): LockKey {
  const text = `${scope}\u0000${entity}`;
  const high = fnv1a(text, 0x811c9dc5);
  // Never in the scope locks' class.
  return [high === SCOPE_CLASS ? high ^ 1 : high, fnv1a(text, 0x050c5d1f)];
}

const byKey = (a: LockKey, b: LockKey) => a[0] - b[0] || a[1] - b[1];

function distinctKeys(keys: LockKey[]): LockKey[] {
  const seen = new Set<string>();
  return keys.filter((k) => !seen.has(`${k[0]}:${k[1]}`) && seen.add(`${k[0]}:${k[1]}`)).sort(byKey);
}

async function takeLocks(tx: Tx, keys: LockKey[], mode: 'shared' | 'exclusive'): Promise<void> {
  if (!keys.length) return;
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  // unnest yields the keys in array order, so they are taken in it.
  await tx.$queryRawUnsafe(`SELECT count(${lock}(k.a, k.b)) FROM unnest($1::int[], $2::int[]) AS k(a, b)`, sqlArray(keys.map((k) => k[0])), sqlArray(keys.map((k) => k[1])));
}

async function setLockWait(tx: Tx): Promise<void> {
  // A writer waits at most STIGMEM_WRITE_LOCK_WAIT_MS for its locks, then answers 503
  // write_lock_busy (lock_timeout, for this transaction only).
  await tx.$executeRaw`SELECT set_config('lock_timeout', ${`${config().writeLockWaitMs}ms`}, true)`;
}

/** Runs `take` and counts how long it waited (stigmem_write_lock_wait_seconds; a refused wait counts too). */
async function timedWait(lock: 'entities' | 'scopes', take: () => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    await take();
  } finally {
    observeLockWait(lock, (performance.now() - started) / 1000);
  }
}

/**
 * Locks what a write of `targets` touches: their entities under shared scope locks, or, past
 * MAX_ENTITY_LOCKS entities, their scopes whole. Answers whether it took locks (none on PGlite).
 */
export async function lockTargets(tx: Tx, targets: WriteTarget[]): Promise<boolean> {
  if (databaseKind() === 'pglite' || !targets.length) return false;
  const entities = distinctKeys(targets.map(entityKey));
  const scopes = distinctKeys([...new Set(targets.map((t) => t.scope))].map(scopeKey));
  await setLockWait(tx);
  if (entities.length > MAX_ENTITY_LOCKS) await timedWait('scopes', () => takeLocks(tx, scopes, 'exclusive'));
  else {
    await timedWait('entities', async () => {
      await takeLocks(tx, scopes, 'shared');
      await takeLocks(tx, entities, 'exclusive');
    });
  }
  return true;
}

/** Locks `scopes` whole: no other write to them runs until this transaction ends. */
export async function lockScopes(tx: Tx, scopes: string[]): Promise<void> {
  if (databaseKind() === 'pglite' || !scopes.length) return;
  await setLockWait(tx);
  await timedWait('scopes', () => takeLocks(tx, distinctKeys(scopes.map(scopeKey)), 'exclusive'));
}

/** The advisory lock keys of a scope and of an entity (tests hold them to show who waits). */
export const lockKeys = { scope: scopeKey, entity: entityKey };
