import type { AlertMute } from '../generated/prisma/client';
import { formatInstant } from '../time/instant';
import { levelRank } from './alert-level';
import { mutedUntil } from './alert-mutes';
import type { AlertRecord } from './alert-record';

// What every alert count and group is folded from: alerts counted per (rule, scope, status), read in
// one GROUP BY, and the mutes holding now. Pure, so the header, the Alerts page, Review history and
// the API share one definition, and the unit tests check it:
//   open         = status open, and no mute holds on its rule and scope (the header's figure);
//   muted        = status open while a mute holds on its rule and scope;
//   acknowledged = a person took it on; resolved = its condition ended.

export interface AlertCounts {
  open: number;
  acknowledged: number;
  muted: number;
  resolved: number;
}

/** One row of `GROUP BY rule_id, scope, status`. */
export interface CountRow {
  ruleId: string;
  scope: string;
  status: string;
  count: number;
  firstOpenedAt: Date;
  lastOpenedAt: Date;
}

export const noAlerts = (): AlertCounts => ({ open: 0, acknowledged: 0, muted: 0, resolved: 0 });

/** Which count an alert of this status falls in, with the mutes holding now. */
export function countedAs(status: string, ruleId: string, scope: string, mutes: readonly AlertMute[]): keyof AlertCounts | null {
  if (status === 'open') return mutedUntil(mutes, ruleId, scope) ? 'muted' : 'open';
  return status === 'acknowledged' || status === 'resolved' ? status : null;
}

export function foldCounts(rows: readonly CountRow[], mutes: readonly AlertMute[]): AlertCounts {
  const counts = noAlerts();
  for (const row of rows) {
    const key = countedAs(row.status, row.ruleId, row.scope, mutes);
    if (key) counts[key] += row.count;
  }
  return counts;
}

/** The alerts of one rule on one scope: how often it fired, when first and last, and its latest alert. */
export interface AlertGroupRecord {
  key: string;
  rule: { id: string; name: string; kind: string };
  scope: string;
  level: string;
  count: number;
  counts: AlertCounts;
  first_opened_at: string;
  last_opened_at: string;
  muted_until: string | null;
  /** The group's alerts that are open (muted ones too): what acknowledging the group takes on. */
  open_alert_ids: string[];
  latest: AlertRecord;
}

export const groupKey = (ruleId: string, scope: string) => `${ruleId}|${scope}`;

export interface GroupShell {
  key: string;
  ruleId: string;
  scope: string;
  count: number;
  counts: AlertCounts;
  firstOpenedAt: Date;
  lastOpenedAt: Date;
}

/** Folds the count rows into one shell per rule and scope. */
export function foldGroups(rows: readonly CountRow[], mutes: readonly AlertMute[]): GroupShell[] {
  const groups = new Map<string, GroupShell>();
  for (const row of rows) {
    const key = groupKey(row.ruleId, row.scope);
    const group = groups.get(key) ?? { key, ruleId: row.ruleId, scope: row.scope, count: 0, counts: noAlerts(), firstOpenedAt: row.firstOpenedAt, lastOpenedAt: row.lastOpenedAt };
    const counted = countedAs(row.status, row.ruleId, row.scope, mutes);
    if (counted) group.counts[counted] += row.count;
    group.count += row.count;
    if (row.firstOpenedAt < group.firstOpenedAt) group.firstOpenedAt = row.firstOpenedAt;
    if (row.lastOpenedAt > group.lastOpenedAt) group.lastOpenedAt = row.lastOpenedAt;
    groups.set(key, group);
  }
  return [...groups.values()];
}

const active = (c: AlertCounts) => c.open + c.muted + c.acknowledged;

/** Open before muted before acknowledged before resolved only; then critical first; then the latest fired first. */
export function compareGroups(a: { counts: AlertCounts; level: string; lastOpenedAt: Date; key: string }, b: typeof a): number {
  const weight = (c: AlertCounts) => (c.open ? 0 : c.muted ? 1 : c.acknowledged ? 2 : 3);
  return weight(a.counts) - weight(b.counts) || levelRank(a.level) - levelRank(b.level) || b.lastOpenedAt.getTime() - a.lastOpenedAt.getTime() || a.key.localeCompare(b.key);
}

export function toGroupRecord(shell: GroupShell, latest: AlertRecord, level: string, mutes: readonly AlertMute[], openIds: string[]): AlertGroupRecord {
  const until = active(shell.counts) ? mutedUntil(mutes, shell.ruleId, shell.scope) : null;
  return {
    key: shell.key, rule: latest.rule, scope: shell.scope, level, count: shell.count, counts: shell.counts,
    first_opened_at: formatInstant(shell.firstOpenedAt), last_opened_at: formatInstant(shell.lastOpenedAt),
    muted_until: until ? formatInstant(until) : null, open_alert_ids: openIds, latest,
  };
}
