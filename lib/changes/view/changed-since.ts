import type { FactScope } from '../../facts/scope';

// Whether a live page is out of date (docs/decisions.md § Live updates). Pure: the server page
// reads a baseline before its data, the browser polls GET /v1/changes, and this compares the two
// for what the page shows. Values and mutes that expire change health with no write, so an expiry
// after the baseline's instant counts as a change too.

/** One readable scope in GET /v1/changes. */
export interface ScopeChanges {
  scope: FactScope;
  /** Bumped by every write to the scope's facts, value heads, conflicts and contradictions. */
  revision: string;
  /** Bumped by every health run started or finished, alert opened, updated, acknowledged or resolved, rule or mute changed in the scope. */
  activity: string;
  /** The latest valid_until of the scope's values that has passed (null: none has). */
  expired_at: string | null;
}

/** The answer of GET /v1/changes. */
export interface NodeChanges {
  as_of: string;
  /** Differs whenever anything below does: one string to compare for "something changed". */
  change: string;
  scopes: ScopeChanges[];
  /** The node's global alert rules and mutes (`*`). */
  node_activity: string;
  /** The latest end of a mute covering these scopes that has passed. */
  mutes_expired_at: string | null;
}

/** What a page read before its data. */
export interface ChangeBaseline {
  as_of: string;
  scopes: Omit<ScopeChanges, 'expired_at'>[];
  node_activity: string;
}

/**
 * What a page shows: `knowledge` (facts, findings, contradictions) and/or `activity` (health runs,
 * alerts), of one scope or of every readable one.
 */
export interface ChangeWatch {
  scope?: FactScope;
  knowledge: boolean;
  activity: boolean;
}

const after = (instant: string | null, asOf: string) => instant !== null && Date.parse(instant) > Date.parse(asOf);

export function changedSince(baseline: ChangeBaseline, current: NodeChanges, watch: ChangeWatch): boolean {
  const pick = <T extends { scope: FactScope }>(list: T[]) => (watch.scope ? list.filter((s) => s.scope === watch.scope) : list);
  const before = new Map(pick(baseline.scopes).map((s) => [s.scope, s]));
  const now = pick(current.scopes);
  // A key given or taken a scope sees another set of scopes.
  if (now.length !== before.size || now.some((s) => !before.has(s.scope))) return true;
  for (const scope of now) {
    const then = before.get(scope.scope)!;
    if (watch.knowledge && (scope.revision !== then.revision || after(scope.expired_at, baseline.as_of))) return true;
    if (watch.activity && scope.activity !== then.activity) return true;
  }
  return watch.activity && (current.node_activity !== baseline.node_activity || after(current.mutes_expired_at, baseline.as_of));
}

/** A poll's answer as the baseline for the next comparison (what a client has caught up with). */
export function baselineOf(changes: NodeChanges): ChangeBaseline {
  return { as_of: changes.as_of, scopes: changes.scopes.map(({ scope, revision, activity }) => ({ scope, revision, activity })), node_activity: changes.node_activity };
}
