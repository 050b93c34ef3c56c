import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { getDb } from '../db/prisma';
import { Prisma } from '../generated/prisma/client';
import { type FactScope, scopeSchema } from '../facts/scope';
import { formatInstant } from '../time/instant';
import type { ChangeBaseline, NodeChanges, ScopeChanges } from './view/changed-since';

// GET /v1/changes and the baselines the live pages start from (docs/decisions.md § Live updates):
// what changed in the caller's readable scopes, from counters that triggers keep — scope_revisions
// (facts, value heads, conflicts, contradictions) and scope_activity (health runs, alerts, rules,
// mutes) — and from the last instant a value or a mute expired, which changes health with no write.
// Index reads only (the counters' keys, value_heads (scope, valid_until), the small mutes table),
// whatever the scopes' sizes: pages poll it every few seconds.

export const changesQuerySchema = z.object({ scope: scopeSchema.optional() });

interface Row {
  scope: string;
  revision: bigint | null;
  activity: bigint | null;
  expired: Date | null;
}

/** The counters of `scopes` and of the node's global rules and mutes (`*`); with `expiries`, the last expiry of each too. */
async function readCounters(scopes: readonly FactScope[], now: Date, expiries: boolean) {
  const db = await getDb();
  // Sorted, so the same scopes give the same answer (and the same `change`) in any order.
  const sorted = [...new Set(scopes)].sort();
  // Without `expiries` the statement does not name value_heads at all: even a branch never taken locks
  // the tables it names while it is planned, and a page's baseline must not wait behind a write on them.
  const expired = expiries
    ? Prisma.sql`(SELECT max(vh.valid_until) FROM value_heads vh WHERE vh.scope = s.scope AND vh.valid_until <= ${now})`
    : Prisma.sql`NULL::timestamptz`;
  const rows = await db.$queryRaw<Row[]>`
    SELECT s.scope,
      (SELECT sum(r.revision)::bigint FROM scope_revisions r WHERE r.scope = s.scope) AS revision,
      (SELECT a.revision FROM scope_activity a WHERE a.scope = s.scope) AS activity,
      ${expired} AS expired
    FROM unnest(${[...sorted, '*']}::text[]) AS s(scope)`;
  return rows;
}

const counter = (value: bigint | null) => String(value ?? 0);

function scopeRows(rows: Row[]): Omit<ScopeChanges, 'expired_at'>[] {
  return rows.filter((r) => r.scope !== '*').map((r) => ({ scope: r.scope as FactScope, revision: counter(r.revision), activity: counter(r.activity) }));
}

/** What a page read before its data: compared with a later GET /v1/changes, it says whether the page is out of date. */
export async function readChangeBaseline(scopes: readonly FactScope[], now = new Date()): Promise<ChangeBaseline> {
  const rows = await readCounters(scopes, now, false);
  return { as_of: formatInstant(now), scopes: scopeRows(rows), node_activity: counter(rows.find((r) => r.scope === '*')?.activity ?? null) };
}

/** GET /v1/changes: the caller's readable scopes (or the one asked for), and a single `change` string that differs whenever any of it does. */
export async function readChanges(scopes: readonly FactScope[], now = new Date()): Promise<NodeChanges> {
  const rows = await readCounters(scopes, now, true);
  const db = await getDb();
  // A mute of a rule on every scope covers the readable ones too; one of another scope's rule does not.
  const [mutes] = await db.$queryRaw<{ expired: Date | null }[]>`
    SELECT max(m.until) AS expired FROM alert_mutes m LEFT JOIN alert_rules r ON r.id = m.rule_id
    WHERE m.until <= ${now} AND (COALESCE(m.scope, r.scope) IS NULL OR COALESCE(m.scope, r.scope) = ANY(${[...scopes]}::text[]))`;
  const expiredOf = new Map(rows.map((r) => [r.scope, r.expired ? formatInstant(r.expired) : null]));
  const state = {
    scopes: scopeRows(rows).map((s) => ({ ...s, expired_at: expiredOf.get(s.scope) ?? null })),
    node_activity: counter(rows.find((r) => r.scope === '*')?.activity ?? null),
    mutes_expired_at: mutes?.expired ? formatInstant(mutes.expired) : null,
  };
  const change = createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 20);
  return { as_of: formatInstant(now), change, ...state };
}
