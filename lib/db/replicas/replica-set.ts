import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { config } from '../../config/config';
import { PrismaClient } from '../../generated/prisma/client';
import { onDbClose } from '../prisma';
import { UNCHECKED, type ReplicaHealth } from './judge-replica';
import type { PositionSample } from './position-samples';

// The read replicas of DATABASE_READ_URL, one entry per URL, kept on globalThis like the primary's
// client (Next bundles lib/db into several chunks of one server). Each has a Prisma client for the
// reads themselves (its pool waits for a free connection like the primary's, however long the reads
// ahead of it take) and a one-connection pool with short timeouts for what must answer quickly: the
// lag probes and each read's position check, so neither queues behind a long lint and a replica
// that stops answering is known within CONNECT_TIMEOUT_MS. The set is rebuilt when the
// configuration names other replicas (tests change it at run time).

/** Why a whole-scope read ran on the primary although replicas are configured. */
export type PrimaryReason = 'no_replica_serving' | 'replica_behind' | 'replica_failed' | 'write_path';
export const PRIMARY_REASONS: readonly PrimaryReason[] = ['no_replica_serving', 'replica_behind', 'replica_failed', 'write_path'];

export interface Replica {
  url: string;
  /** host:port/database: how the Node page and /metrics name it, without credentials. */
  label: string;
  client: PrismaClient;
  probePool: pg.Pool;
  health: ReplicaHealth;
  probing: Promise<void> | null;
  /** Whole-scope reads this replica served since the set was built. */
  reads: number;
  failures: number;
  lastFailure: string | null;
}

export interface ReplicaSet {
  key: string;
  replicas: Replica[];
  /** A small pool of plain connections to the primary for its WAL position: one round trip, no ORM in between. */
  primaryPool: pg.Pool;
  /** Round-robin position. */
  turn: number;
  primaryReads: Record<PrimaryReason, number>;
  /** When the set was built: its counters count from here. */
  since: number;
  /** The primary's WAL position over time, oldest first: what lag in seconds is measured against. */
  positions: PositionSample[];
}

/** A probe or a position check that gets no answer within this long counts the replica as down. */
export const CONNECT_TIMEOUT_MS = 2_000;

const holder = globalThis as unknown as { __stigmemReplicas?: ReplicaSet };

export function replicaLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

function openReplica(url: string): Replica {
  const client = new PrismaClient({
    adapter: new PrismaPg(
      { connectionString: url, max: config().database.pool, application_name: 'stigmem-read' },
      // A replica that shuts down ends its idle connections; the pool drops them and the next probe says so.
      { onPoolError: () => undefined, onConnectionError: () => undefined },
    ),
  });
  const probePool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: CONNECT_TIMEOUT_MS, idleTimeoutMillis: 30_000, application_name: 'stigmem-probe' });
  probePool.on('error', () => undefined);
  return { url, label: replicaLabel(url), client, probePool, health: UNCHECKED, probing: null, reads: 0, failures: 0, lastFailure: null };
}

async function closeSet(set: ReplicaSet): Promise<void> {
  await Promise.all(
    set.replicas.map(async (replica) => {
      await replica.probing?.catch(() => undefined);
      await Promise.all([replica.client.$disconnect().catch(() => undefined), replica.probePool.end().catch(() => undefined)]);
    }),
  );
  await set.primaryPool.end().catch(() => undefined);
}

/** The configured replicas, or null when DATABASE_READ_URL names none. */
export function replicaSet(): ReplicaSet | null {
  const urls = config().database.readUrls;
  const key = urls.join(',');
  const current = holder.__stigmemReplicas;
  if (current?.key === key) return current;
  if (current) void closeSet(current);
  holder.__stigmemReplicas = undefined;
  if (!urls.length) return null;
  // Closing the database (tests, scripts) closes the replicas' connections too; a Set, so once.
  onDbClose(closeReplicas);
  const primaryPool = new pg.Pool({ connectionString: config().database.url ?? undefined, max: 2, idleTimeoutMillis: 30_000, application_name: 'stigmem-position' });
  primaryPool.on('error', () => undefined);
  const set: ReplicaSet = {
    key,
    replicas: urls.map(openReplica),
    primaryPool,
    turn: 0,
    primaryReads: { no_replica_serving: 0, replica_behind: 0, replica_failed: 0, write_path: 0 },
    since: Date.now(),
    positions: [],
  };
  holder.__stigmemReplicas = set;
  return set;
}

/** Closes every replica connection (with the primary's, in closeDb); the next read opens them again. */
export async function closeReplicas(): Promise<void> {
  const set = holder.__stigmemReplicas;
  holder.__stigmemReplicas = undefined;
  if (set) await closeSet(set);
}
