import type { FactValue } from './fact-value';
import type { Hlc } from '../time/hlc';

// The state of the triples a write touches, as the write path loads it (triple-store.ts), changes it
// (apply-facts.ts, contradiction-rules.ts) and persists it.

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
  /** What the memory-integrity detectors found in the value's text (lib/integrity/inspect-value.ts). */
  integrity?: { score: number; flags: string[] };
  /** The fact goes to quarantine as it is written (a flagged write in a scope that quarantines them): its value is hidden while it is the head. */
  quarantined?: boolean;
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
  /** The integrity columns (value_heads.integrity_*); version null = not inspected yet. */
  integrityScore: number | null;
  integrityFlags: string[];
  integrityVersion: number | null;
  /** The head fact is in quarantine (pending or rejected): the value's effective confidence is 0. */
  quarantined: boolean;
  dirty?: boolean;
}

/** A conflict row: value B joined its triple's contradiction against value A; while unresolved, B owns it. */
export interface ConflictState {
  id: string;
  contradictionId: string;
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
  /**
   * In an import, the HLC of the conflict's last change in the log: when the log held both of its
   * values (a conflict the import opens) or its newest status fact (one loaded); its opening status
   * fact carries it, so a replay of the log (lib/time-travel) sees the conflict when it sees its facts.
   */
  loggedAt?: Hlc;
  /** In an import, the HLC its closing status fact carries (after loggedAt). */
  closedLoggedAt?: Hlc;
}

/** A triple's contradiction as the write path keeps it (the open one, or one this write closed). */
export interface ContradictionState {
  id: string;
  entity: string;
  relation: string;
  scope: string;
  status: 'open' | 'resolved';
  /** The value the others joined against; it owns no conflict. Null once closed. */
  anchor: string | null;
  openConflicts: number;
  openedAt: Date;
  /** Created by this write (inserted rather than updated). */
  created?: boolean;
  dirty?: boolean;
  resolvedAt?: Date;
  resolvedBy?: string;
  resolutionBasis?: string;
  resolutionFactId?: string;
}

/** A decision whose cooldown runs: no two of its values make a contradiction again before `until`. */
export interface DecisionState {
  values: Set<string>;
  until: Date;
}

export interface TripleState {
  heads: Map<string, HeadState>;
  /**
   * True when `heads` holds every head of the triple with confidence > 0 and `unresolved` every
   * unresolved conflict of its open contradiction; otherwise only those of the values being written
   * (and the anchor's head). The loader knows from the batch when the rules need the whole triple.
   */
  complete: boolean;
  contradiction: ContradictionState | null;
  unresolved: ConflictState[];
  decisions: DecisionState[];
  /** Highest HLC of a triple-wide retraction in this triple. */
  retractedThrough: Hlc | null;
  /** Set by the rules while a batch is applied: a write left the anchor not live (it hands over when the batch settles). */
  anchorLeft?: boolean;
}

export interface ApplyResult {
  opened: ConflictState[];
  closed: ConflictState[];
  dirtyHeads: HeadState[];
  contradictions: ContradictionState[];
}

export interface ApplyOptions {
  now: Date;
  newConflictId: () => string;
  newContradictionId: () => string;
}

export const tripleKey = (t: { entity: string; relation: string; scope: string }) => `${t.scope}\u0000${t.entity}\u0000${t.relation}`;
export const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export function emptyTripleState(complete = true): TripleState {
  return { heads: new Map(), complete, contradiction: null, unresolved: [], decisions: [], retractedThrough: null };
}

export function isLive(head: HeadState, now: Date): boolean {
  return head.confidence > 0 && (head.validUntil === null || head.validUntil.getTime() >= now.getTime());
}
