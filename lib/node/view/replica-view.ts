import type { ReplicaStatus, ReplicaView } from '../../db/replicas/replica-status';

// The Node page's read-replica panel in words: how far behind each replica is and where the
// whole-scope reads ran. Pure, so the wording is tested without a replica.

export const STATE_WORDS: Record<ReplicaView['state'], string> = {
  serving: 'serving',
  lagging: 'lagging: skipped',
  down: 'down: skipped',
  not_a_replica: 'not a replica: skipped',
  unchecked: 'not checked yet',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatLagSeconds(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** "caught up", "120 ms · 48.0 kB behind", or "—" when it could not be measured. */
export function lagText(replica: Pick<ReplicaView, 'lag_bytes' | 'lag_seconds'>): string {
  if (replica.lag_bytes === null) return '—';
  if (replica.lag_bytes === 0) return 'caught up';
  const time = replica.lag_seconds === null ? 'unknown time' : formatLagSeconds(replica.lag_seconds);
  return `${time} · ${formatBytes(replica.lag_bytes)} behind`;
}

const REASON_WORDS: Record<keyof ReplicaStatus['reads']['primary'], string> = {
  no_replica_serving: 'no replica serving',
  replica_behind: 'replica had not caught up',
  replica_failed: 'replica failed',
  write_path: 'part of a write',
};

const count = (n: number) => n.toLocaleString('en-US');

/** "42 on replicas, 3 on the primary (2 no replica serving, 1 part of a write)". */
export function readsText(reads: ReplicaStatus['reads']): string {
  const reasons = Object.entries(reads.primary).filter(([, n]) => n > 0);
  const onPrimary = reasons.reduce((sum, [, n]) => sum + n, 0);
  const why = reasons.map(([reason, n]) => `${count(n)} ${REASON_WORDS[reason as keyof typeof REASON_WORDS]}`).join(', ');
  return `${count(reads.replica)} on replicas, ${count(onPrimary)} on the primary${why ? ` (${why})` : ''}`;
}
