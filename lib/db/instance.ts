import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { config } from '../config/config';

// This process among the app instances that share one database (docs/scaling.md § Many instances).
// Its id names it in the rows it holds: the job it claimed (jobs.claimed_by) and the leader leases
// (leases.holder). A new process is a new instance, so a restarted one never mistakes a claim of its
// predecessor for its own.

const holder = globalThis as unknown as { __stigmemInstanceId?: string };

/** host:pid:random, unique per process; on globalThis because Next bundles this module into several chunks. */
export function instanceId(): string {
  return (holder.__stigmemInstanceId ??= `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`);
}

/** An instance silent this long (no job heartbeat, no lease renewal) is taken to be gone (STIGMEM_HEARTBEAT_LAPSE_S). */
export function heartbeatLapseMs(): number {
  return config().heartbeatLapseMs;
}

/** How often a holder signs of life: a third of the lapse, so two beats may be missed, and at most `ceilingMs`. */
export function beatEveryMs(ceilingMs: number): number {
  return Math.min(ceilingMs, Math.floor(heartbeatLapseMs() / 3));
}
