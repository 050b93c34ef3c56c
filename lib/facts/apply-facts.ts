import type { FactValue } from './fact-value';
import { compareFactOrder, compareHlc, type Hlc, maxHlc } from '../time/hlc';
import { DECAY_SOURCE, isSystemRelation } from './system-sources';

// The semantics of a write, as a pure function over the state of the triples it touches
// (docs/semantics.md): value heads, the two kinds of retraction, conflicts recorded at write time
// (dedupe per value pair, cooldown anti-loop) and conflicts closed by retraction.
// write-facts.ts loads that state under the write lock, calls this, and persists the result.

export interface PreparedFact {
  id: string;
  entity: string;
  relation: string;
  scope: string;
  value: FactValue;
  valueType: string;
  valueHash: string;
  refTarget: string | null;
  source: string;
  timestamp: Date;
  hlc: Hlc;
  validUntil: Date | null;
  confidence: number;
  retractsTriple: boolean;
  /** Provenance, stored with the fact (absent = "assert", [], no session). */
  writeMode?: string;
  derivedFrom?: Record<string, unknown>[];
  sessionId?: string | null;
}

export interface HeadState {
  entity: string;
  relation: string;
  scope: string;
  valueHash: string;
  value: FactValue;
  valueType: string;
  refTarget: string | null;
  headFactId: string;
  headHlc: Hlc;
  headConfidence: number;
  headSource: string;
  headTimestamp: Date;
  validUntil: Date | null;
  tripleRetracted: boolean;
  /** Effective confidence: 0 when triple-retracted. */
  confidence: number;
  baseFactId: string | null;
  baseHlc: Hlc | null;
  baseConfidence: number | null;
  baseTimestamp: Date | null;
  baseSource: string | null;
  firstAsserted: Hlc | null;
  dirty?: boolean;
}

export interface ConflictState {
  id: string;
  entity: string;
  relation: string;
  scope: string;
  factAId: string;
  factBId: string;
  valueAHash: string;
  valueBHash: string;
  pairKey: string;
  status: 'unresolved' | 'resolved';
  detectedAt: Date;
  resolvedAt?: Date;
  resolvedBy?: string;
  resolutionBasis?: string;
  resolutionFactId?: string;
}

export interface TripleState {
  heads: Map<string, HeadState>;
  unresolved: ConflictState[];
  /** pair key → end of the latest cooldown still running. */
  cooldowns: Map<string, Date>;
  /** Highest HLC of a triple-wide retraction in this triple. */
  retractedThrough: Hlc | null;
}

export interface ApplyResult {
  opened: ConflictState[];
  closed: ConflictState[];
  dirtyHeads: HeadState[];
}

export const tripleKey = (t: { entity: string; relation: string; scope: string }) => `${t.scope}\u0000${t.entity}\u0000${t.relation}`;
export const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export function emptyTripleState(): TripleState {
  return { heads: new Map(), unresolved: [], cooldowns: new Map(), retractedThrough: null };
}

export function isLive(head: HeadState, now: Date): boolean {
  return head.confidence > 0 && (head.validUntil === null || head.validUntil.getTime() >= now.getTime());
}

function liveValues(state: TripleState, now: Date): Set<string> {
  const live = new Set<string>();
  for (const head of state.heads.values()) if (isLive(head, now)) live.add(head.valueHash);
  return live;
}

function newHead(fact: PreparedFact): HeadState {
  return {
    entity: fact.entity,
    relation: fact.relation,
    scope: fact.scope,
    valueHash: fact.valueHash,
    value: fact.value,
    valueType: fact.valueType,
    refTarget: fact.refTarget,
    headFactId: fact.id,
    headHlc: fact.hlc,
    headConfidence: fact.confidence,
    headSource: fact.source,
    headTimestamp: fact.timestamp,
    validUntil: fact.validUntil,
    tripleRetracted: false,
    confidence: fact.confidence,
    baseFactId: null,
    baseHlc: null,
    baseConfidence: null,
    baseTimestamp: null,
    baseSource: null,
    firstAsserted: null,
  };
}

/** Applies one fact to its triple; returns the values whose head or liveness it touched. */
function applyFact(fact: PreparedFact, state: TripleState): Set<string> {
  const touched = new Set<string>();
  let head = state.heads.get(fact.valueHash);
  // A retraction retracts only its own value when that value was asserted (confidence > 0)
  // before it; otherwise its value is not significant and it retracts the whole triple.
  if (fact.confidence === 0 && !(head?.firstAsserted && compareHlc(head.firstAsserted, fact.hlc) < 0)) {
    fact.retractsTriple = true;
  }
  if (!head) {
    head = newHead(fact);
    state.heads.set(fact.valueHash, head);
  } else if (compareFactOrder(fact, { hlc: head.headHlc, id: head.headFactId }) > 0) {
    Object.assign(head, {
      headFactId: fact.id,
      headHlc: fact.hlc,
      headConfidence: fact.confidence,
      headSource: fact.source,
      headTimestamp: fact.timestamp,
      validUntil: fact.validUntil,
      value: fact.value,
    });
  }
  if (fact.confidence > 0 && (!head.firstAsserted || compareHlc(fact.hlc, head.firstAsserted) < 0)) head.firstAsserted = fact.hlc;
  if (fact.source !== DECAY_SOURCE && (!head.baseHlc || compareFactOrder(fact, { hlc: head.baseHlc, id: head.baseFactId ?? '' }) > 0)) {
    Object.assign(head, { baseFactId: fact.id, baseHlc: fact.hlc, baseConfidence: fact.confidence, baseTimestamp: fact.timestamp, baseSource: fact.source });
  }
  head.tripleRetracted = state.retractedThrough !== null && compareHlc(state.retractedThrough, head.headHlc) > 0;
  head.confidence = head.tripleRetracted ? 0 : head.headConfidence;
  head.dirty = true;
  touched.add(fact.valueHash);

  if (fact.retractsTriple) {
    state.retractedThrough = maxHlc(state.retractedThrough, fact.hlc);
    for (const other of state.heads.values()) {
      if (other !== head && compareHlc(other.headHlc, fact.hlc) < 0 && !other.tripleRetracted) {
        other.tripleRetracted = true;
        other.confidence = 0;
        other.dirty = true;
        touched.add(other.valueHash);
      }
    }
  }
  return touched;
}

export function applyFacts(
  facts: PreparedFact[],
  states: Map<string, TripleState>,
  options: { now: Date; newConflictId: () => string },
): ApplyResult {
  const { now } = options;
  const result: ApplyResult = { opened: [], closed: [], dirtyHeads: [] };
  const ordered = [...facts].sort(compareFactOrder);
  for (const fact of ordered) {
    const key = tripleKey(fact);
    let state = states.get(key);
    if (!state) states.set(key, (state = emptyTripleState()));
    const touched = applyFact(fact, state);
    if (isSystemRelation(fact.relation)) continue;

    const live = liveValues(state, now);
    // A write that leaves one side of an unresolved conflict not live closes it. Expiry alone
    // is not a write, so a side that was already expired and untouched closes nothing.
    state.unresolved = state.unresolved.filter((c) => {
      const sideGone = (hash: string) => touched.has(hash) && !live.has(hash);
      if (!sideGone(c.valueAHash) && !sideGone(c.valueBHash)) return true;
      Object.assign(c, { status: 'resolved', resolvedAt: now, resolvedBy: fact.source, resolutionBasis: 'retracted', resolutionFactId: fact.id });
      result.closed.push(c);
      return false;
    });

    // A write that makes (or keeps) its value live checks every other live value of the triple.
    const head = state.heads.get(fact.valueHash)!;
    if (head.headFactId !== fact.id || !live.has(fact.valueHash)) continue;
    for (const other of live) {
      if (other === fact.valueHash) continue;
      const pair = pairKey(fact.valueHash, other);
      if (state.unresolved.some((c) => c.pairKey === pair)) continue;
      const cooldownEnd = state.cooldowns.get(pair);
      if (cooldownEnd && cooldownEnd.getTime() > now.getTime()) continue;
      const conflict: ConflictState = {
        id: options.newConflictId(),
        entity: fact.entity,
        relation: fact.relation,
        scope: fact.scope,
        factAId: state.heads.get(other)!.headFactId,
        factBId: fact.id,
        valueAHash: other,
        valueBHash: fact.valueHash,
        pairKey: pair,
        status: 'unresolved',
        detectedAt: now,
      };
      state.unresolved.push(conflict);
      result.opened.push(conflict);
    }
  }
  for (const state of states.values()) for (const head of state.heads.values()) if (head.dirty) result.dirtyHeads.push(head);
  return result;
}
