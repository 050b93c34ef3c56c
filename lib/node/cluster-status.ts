import { databaseKind } from '../db/connection';
import { MAINTENANCE_LEASE, maintenanceSchedulerStatus } from '../db/maintenance/maintenance-scheduler';
import { getDb } from '../db/prisma';
import { formatInstant, formatInstantOrNull } from '../time/instant';
import { LEASE_NAME as SCHEDULER_LEASE, schedulerStatus } from '../health-history/scheduler';
import { heartbeatLapseMs, instanceId } from '../db/instance';

// GET /v1/admin/cluster: which instance answers, which instances lead the scheduler and the periodic
// maintenance, and which instance holds each open job (docs/scaling.md § Many instances).

export interface LeaderRecord {
  holder: string;
  expires_at: string;
}

export interface ClusterStatus {
  instance_id: string;
  engine: 'pglite' | 'postgres';
  heartbeat_lapse_s: number;
  leaders: { scheduler: LeaderRecord | null; maintenance: LeaderRecord | null };
  /** What the answering instance itself does: whether it leads each role, and the runs it started leading. */
  this_instance: {
    scheduler: { enabled: boolean; leader: boolean; runs_started: number };
    maintenance: { enabled: boolean; leader: boolean; periodic_runs: number };
  };
  open_jobs: { job_id: string; kind: string; scope: string; status: string; claimed_by: string | null; attempts: number; heartbeat_at: string | null }[];
}

/** Open jobs listed at most; the table holds a day of finished ones besides. */
const OPEN_JOBS_SHOWN = 100;

/** `scopes`: the caller's readable scopes; only their jobs are listed, as GET on a job would allow. */
export async function getClusterStatus(scopes: string[], now = new Date()): Promise<ClusterStatus> {
  const db = await getDb();
  const [leases, jobs] = await Promise.all([
    db.lease.findMany({ where: { name: { in: [SCHEDULER_LEASE, MAINTENANCE_LEASE] }, expiresAt: { gt: now } } }),
    db.job.findMany({ where: { status: { in: ['pending', 'running'] }, scope: { in: scopes } }, orderBy: { createdAt: 'asc' }, take: OPEN_JOBS_SHOWN }),
  ]);
  const leader = (name: string): LeaderRecord | null => {
    const lease = leases.find((l) => l.name === name);
    return lease ? { holder: lease.holder, expires_at: formatInstant(lease.expiresAt) } : null;
  };
  return {
    instance_id: instanceId(),
    engine: databaseKind(),
    heartbeat_lapse_s: heartbeatLapseMs() / 1000,
    // PGlite's one process leads maintenance without a lease.
    leaders: { scheduler: leader(SCHEDULER_LEASE), maintenance: databaseKind() === 'pglite' ? { holder: instanceId(), expires_at: formatInstant(now) } : leader(MAINTENANCE_LEASE) },
    this_instance: {
      scheduler: schedulerStatus(),
      maintenance: (({ enabled, leader, periodic_runs }) => ({ enabled, leader, periodic_runs }))(maintenanceSchedulerStatus()),
    },
    open_jobs: jobs.map((j) => ({
      job_id: j.id,
      kind: j.kind,
      scope: j.scope,
      status: j.status,
      claimed_by: j.claimedBy,
      attempts: j.attempts,
      heartbeat_at: formatInstantOrNull(j.heartbeatAt),
    })),
  };
}
