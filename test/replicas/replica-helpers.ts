import pg from 'pg';
import { expect } from 'vitest';
import { z } from 'zod';
import { readOnly } from '@/lib/db/read-only';
import { api, expectBody } from '../harness';
import { isoInstant } from '@/lib/wire/records';

// Shared by the read-replica tests: one-off SQL on a given server, the status API's shape, and
// where a whole-scope read actually ran.

/** Runs one statement on the server at `url` over a connection of its own; returns the rows. */
export async function sql<T extends Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'stigmem-test' });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export const portOf = (url: string) => Number(new URL(url).port);
export const labelOf = (url: string) => `127.0.0.1:${portOf(url)}${new URL(url).pathname}`;

const ReplicaView = z.strictObject({
  replica: z.string(),
  state: z.enum(['unchecked', 'serving', 'lagging', 'down', 'not_a_replica']),
  lag_bytes: z.number().int().min(0).nullable(),
  lag_seconds: z.number().min(0).nullable(),
  replay_lsn: z.string().regex(/^[0-9A-F]+\/[0-9A-F]+$/).nullable(),
  replay_paused: z.boolean(),
  detail: z.string().nullable(),
  checked_at: isoInstant.nullable(),
  reads: z.number().int().min(0),
  failures: z.number().int().min(0),
  last_failure: z.string().nullable(),
});
const PrimaryReads = z.strictObject({ no_replica_serving: z.number().int(), replica_behind: z.number().int(), replica_failed: z.number().int(), write_path: z.number().int() });
export const ReplicaStatusBody = z.strictObject({
  configured: z.boolean(),
  max_lag_ms: z.number().int().min(0),
  primary_lsn: z.string().nullable(),
  replicas: z.array(ReplicaView),
  reads: z.strictObject({ replica: z.number().int().min(0), primary: PrimaryReads, since: isoInstant.nullable() }),
});
export type ReplicaStatusBody = z.infer<typeof ReplicaStatusBody>;

/** GET /v1/admin/replicas: every replica measured now. */
export async function replicaStatus(): Promise<ReplicaStatusBody> {
  return expectBody(await api.get('/v1/admin/replicas'), 200, ReplicaStatusBody);
}

export function replicaIn(status: ReplicaStatusBody, url: string): z.infer<typeof ReplicaView> {
  const found = status.replicas.find((r) => r.replica === labelOf(url));
  expect(found, `${labelOf(url)} in ${JSON.stringify(status.replicas.map((r) => r.replica))}`).toBeDefined();
  return found!;
}

export const primaryReads = (status: ReplicaStatusBody) => Object.values(status.reads.primary).reduce((a, b) => a + b, 0);

/** Runs a whole-scope read's transaction and reports the server it ran on. */
export async function whereReadRuns(): Promise<{ recovery: boolean; port: number }> {
  const [row] = await readOnly((tx) => tx.$queryRaw<{ recovery: boolean; port: number }[]>`SELECT pg_is_in_recovery() AS recovery, inet_server_port() AS port`);
  return row;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
