import { compareFactOrder, compareHlc, maxHlc } from '../time/hlc';
import { INTEGRITY_VERSION } from '../integrity/inspect-value';
import { DECAY_SOURCE, isSystemRelation } from './system-sources';
import { type Leaver, leaveValue, joinValue, settleTriple } from './contradiction-rules';
import { type ApplyOptions, type ApplyResult, emptyTripleState, type HeadState, isLive, type PreparedFact, type TripleState, tripleKey } from './triple-state';


// The semantics of a write, as a pure function over the state of the triples it touches
// (docs/semantics.md): value heads, the two kinds of retraction, and each triple's contradiction —
// values joining it at write time, leaving it when a write retracts them, the cooldown anti-loop
// (contradiction-rules.ts). write-facts.ts loads that state holding the write's locks (write-locks.ts), calls this, and
// persists the result.

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
    ...integrityOf(fact),
  };
}

/** A written fact's integrity columns for its value's head (the text is the value's, so any fact of the value says it). */
function integrityOf(fact: PreparedFact): Pick<HeadState, 'integrityScore' | 'integrityFlags' | 'integrityVersion' | 'quarantined'> {
  return {
    integrityScore: fact.integrity?.score ?? null,
    integrityFlags: fact.integrity?.flags ?? [],
    integrityVersion: fact.integrity ? INTEGRITY_VERSION : null,
    quarantined: fact.quarantined ?? false,
  };
}

/** Applies one fact to its triple's heads; returns the values whose head or liveness it touched. */
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
      ...integrityOf(fact),
    });
  }
  if (fact.confidence > 0 && (!head.firstAsserted || compareHlc(fact.hlc, head.firstAsserted) < 0)) head.firstAsserted = fact.hlc;
  if (fact.source !== DECAY_SOURCE && (!head.baseHlc || compareFactOrder(fact, { hlc: head.baseHlc, id: head.baseFactId ?? '' }) > 0)) {
    Object.assign(head, { baseFactId: fact.id, baseHlc: fact.hlc, baseConfidence: fact.confidence, baseTimestamp: fact.timestamp, baseSource: fact.source });
  }
  head.tripleRetracted = state.retractedThrough !== null && compareHlc(state.retractedThrough, head.headHlc) > 0;
  head.confidence = head.tripleRetracted || head.quarantined ? 0 : head.headConfidence;
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

export function applyFacts(facts: PreparedFact[], states: Map<string, TripleState>, options: ApplyOptions): ApplyResult {
  const { now } = options;
  const result: ApplyResult = { opened: [], closed: [], dirtyHeads: [], contradictions: [] };
  const lastLeaver = new Map<TripleState, Leaver>();
  const ordered = [...facts].sort(compareFactOrder);
  for (const fact of ordered) {
    const key = tripleKey(fact);
    let state = states.get(key);
    if (!state) states.set(key, (state = emptyTripleState()));
    const touched = applyFact(fact, state);
    if (isSystemRelation(fact.relation)) continue;

    // A write that leaves a value not live takes it out of the contradiction. Expiry alone is not a
    // write, so a value that was already expired and untouched leaves nothing.
    const leaver: Leaver = { source: fact.source, factId: fact.id, hlc: fact.hlc };
    for (const hash of touched) {
      if (isLive(state.heads.get(hash)!, now)) continue;
      leaveValue(state, hash, leaver, now, result);
      lastLeaver.set(state, leaver);
    }
    // A write that makes (or keeps) its value live joins it to the triple's contradiction.
    const head = state.heads.get(fact.valueHash)!;
    if (head.headFactId === fact.id && isLive(head, now)) joinValue(state, fact.valueHash, now, options, result);
  }
  for (const state of states.values()) {
    settleTriple(state, lastLeaver.get(state) ?? null, now, options, result);
    for (const head of state.heads.values()) if (head.dirty) result.dirtyHeads.push(head);
    const c = state.contradiction;
    if (c?.dirty) result.contradictions.push(c);
  }
  return result;
}
