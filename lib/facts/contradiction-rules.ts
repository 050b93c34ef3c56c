import { compareHlc, type Hlc, maxHlc } from '../time/hlc';
import { type ApplyOptions, type ApplyResult, type ConflictState, type ContradictionState, type HeadState, isLive, pairKey, type TripleState } from './triple-state';
import { SYSTEM_SOURCE } from './system-sources';

// How a triple's contradiction follows its writes (docs/semantics.md § Contradictions). The unit a
// person decides is the contradicted triple; its conflict rows record how each value joined:
//   join   a write that makes value X live, in a triple holding another live value X may contradict
//          (not decided together with X in a decision whose cooldown runs), records ONE conflict
//          (partner, X): the partner is the contradiction's anchor, or the strongest such live value
//          when there is no open contradiction yet (which then opens with that value as anchor).
//          X then owns that conflict; the anchor owns none; a value that owns one joins no further.
//   leave  a write that leaves X not live closes the conflict X owns (basis "retracted").
//   settle after the batch: an anchor a write left not live hands over to the strongest remaining
//          value (closing the conflict that value owned); a contradiction whose conflicts are all
//          closed stays open on one pair of live values that may still contradict, or closes.
// So a triple with N live values holds at most N - 1 unresolved conflicts, and a write costs what
// its own facts change, whatever the triple already holds.

export interface Leaver {
  source: string;
  factId: string;
  /** The leaving fact's HLC (none when the batch's settling closes a conflict without a fact of its own). */
  hlc?: Hlc;
}

/** §3.3's order among a triple's values: higher confidence, then higher HLC (then value hash, as synthesis). */
export function stronger(a: HeadState, b: HeadState): number {
  return b.confidence - a.confidence || compareHlc(b.headHlc, a.headHlc) || (a.valueHash < b.valueHash ? -1 : a.valueHash > b.valueHash ? 1 : 0);
}

function requireComplete(state: TripleState, why: string): void {
  // The loader (triple-store.ts, needsWholeTriple) loads the whole triple whenever these rules may
  // look past the values written and the anchor; reaching this without it is a bug, not bad input.
  if (!state.complete) throw new Error(`contradiction rules needed the whole triple (${why}) but only part of it was loaded`);
}

/** Live values, strongest first. */
function liveRanked(state: TripleState, now: Date): HeadState[] {
  return [...state.heads.values()].filter((h) => isLive(h, now)).sort(stronger);
}

export function cooled(state: TripleState, a: string, b: string, now: Date): boolean {
  return state.decisions.some((d) => d.until.getTime() > now.getTime() && d.values.has(a) && d.values.has(b));
}

function ownedBy(state: TripleState, hash: string): ConflictState | undefined {
  return state.unresolved.find((c) => c.valueBHash === hash);
}

/**
 * The closing's HLC in the log: the leaving fact's, or just after the conflict's last logged change
 * when the leaving fact is older than that (an import of an older retraction). Unknown outside an
 * import (the clock issues one).
 */
function closedAt(conflict: ConflictState, leaver: Leaver): Hlc | undefined {
  if (!conflict.loggedAt || !leaver.hlc) return undefined;
  return compareHlc(leaver.hlc, conflict.loggedAt) > 0 ? leaver.hlc : { wall: conflict.loggedAt.wall, counter: conflict.loggedAt.counter + 1 };
}

function close(state: TripleState, conflict: ConflictState, leaver: Leaver, now: Date, result: ApplyResult): void {
  Object.assign(conflict, { status: 'resolved', resolvedAt: now, resolvedBy: leaver.source, resolutionBasis: 'retracted', resolutionFactId: leaver.factId, closedLoggedAt: closedAt(conflict, leaver) });
  state.unresolved = state.unresolved.filter((c) => c !== conflict);
  result.closed.push(conflict);
  const contradiction = state.contradiction!;
  contradiction.openConflicts -= 1;
  contradiction.dirty = true;
}

function open(state: TripleState, contradiction: ContradictionState, partner: string, joiner: string, now: Date, options: ApplyOptions, result: ApplyResult): void {
  const conflict: ConflictState = {
    id: options.newConflictId(),
    contradictionId: contradiction.id,
    entity: contradiction.entity,
    relation: contradiction.relation,
    scope: contradiction.scope,
    factAId: state.heads.get(partner)!.headFactId,
    factBId: state.heads.get(joiner)!.headFactId,
    valueAHash: partner,
    valueBHash: joiner,
    pairKey: pairKey(partner, joiner),
    status: 'unresolved',
    detectedAt: now,
    loggedAt: maxHlc(state.heads.get(partner)!.headHlc, state.heads.get(joiner)!.headHlc) ?? undefined,
  };
  state.unresolved.push(conflict);
  result.opened.push(conflict);
  contradiction.openConflicts += 1;
  contradiction.dirty = true;
}

/** The strongest live value other than `hash` that may contradict it, or null. */
function strongestPartner(state: TripleState, hash: string, now: Date): string | null {
  requireComplete(state, 'a partner for a joining value');
  return liveRanked(state, now).find((h) => h.valueHash !== hash && !cooled(state, h.valueHash, hash, now))?.valueHash ?? null;
}

export function joinValue(state: TripleState, hash: string, now: Date, options: ApplyOptions, result: ApplyResult): void {
  const current = state.contradiction?.status === 'open' ? state.contradiction : null;
  if (current) {
    if (current.anchor === hash || ownedBy(state, hash)) return;
    const anchor = current.anchor ? state.heads.get(current.anchor) : undefined;
    const partner = anchor && isLive(anchor, now) && !cooled(state, anchor.valueHash, hash, now) ? anchor.valueHash : strongestPartner(state, hash, now);
    if (partner) open(state, current, partner, hash, now, options, result);
    return;
  }
  const partner = strongestPartner(state, hash, now);
  if (!partner) return;
  const head = state.heads.get(hash)!;
  const created: ContradictionState = {
    id: options.newContradictionId(),
    entity: head.entity,
    relation: head.relation,
    scope: head.scope,
    status: 'open',
    anchor: partner,
    openConflicts: 0,
    openedAt: now,
    created: true,
    dirty: true,
  };
  state.contradiction = created;
  open(state, created, partner, hash, now, options, result);
}

export function leaveValue(state: TripleState, hash: string, leaver: Leaver, now: Date, result: ApplyResult): void {
  const owned = ownedBy(state, hash);
  if (owned) close(state, owned, leaver, now, result);
  if (state.contradiction?.status === 'open' && state.contradiction.anchor === hash) state.anchorLeft = true;
}

/** After a batch: hand a retracted anchor over, and keep or close a contradiction left without conflicts. */
export function settleTriple(state: TripleState, leaver: Leaver | null, now: Date, options: ApplyOptions, result: ApplyResult): void {
  const contradiction = state.contradiction;
  if (!contradiction || contradiction.status !== 'open') return;
  const by = leaver ?? { source: SYSTEM_SOURCE, factId: '' };
  const anchor = contradiction.anchor ? state.heads.get(contradiction.anchor) : undefined;
  // A write left the anchor not live (expiry alone is no write: an anchor that merely expired stays).
  // (Its head may not even be loaded: a whole triple is loaded as its heads with confidence > 0.)
  if (state.anchorLeft && (!anchor || !isLive(anchor, now))) {
    requireComplete(state, 'a new anchor');
    // Live values first; an expired one still counts as a value of the triple (expiry is not a write).
    const next = [...state.heads.values()]
      .filter((h) => h !== anchor && h.confidence > 0)
      .sort((a, b) => Number(isLive(b, now)) - Number(isLive(a, now)) || stronger(a, b))[0];
    if (next) {
      const owned = ownedBy(state, next.valueHash);
      if (owned) close(state, owned, by, now, result);
      contradiction.anchor = next.valueHash;
      contradiction.dirty = true;
    }
  }
  state.anchorLeft = false;
  if (contradiction.openConflicts > 0) return;
  requireComplete(state, 'whether the contradiction still holds');
  // Every joined value has left. Values that never joined (decided together with the ones they met)
  // may still contradict each other: keep the contradiction open on one such pair, else close it.
  const live = liveRanked(state, now);
  for (let i = 0; i < live.length; i++) {
    const partner = live.slice(i + 1).find((h) => !cooled(state, live[i].valueHash, h.valueHash, now));
    if (!partner) continue;
    contradiction.anchor = live[i].valueHash;
    open(state, contradiction, live[i].valueHash, partner.valueHash, now, options, result);
    return;
  }
  Object.assign(contradiction, {
    status: 'resolved',
    anchor: null,
    resolvedAt: now,
    resolvedBy: by.source,
    resolutionBasis: 'retracted',
    resolutionFactId: by.factId || undefined,
    dirty: true,
  });
}
