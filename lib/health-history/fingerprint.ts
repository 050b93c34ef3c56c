import { createHash } from 'node:crypto';
import { countFindings, type FindingCounts } from '../lint/finding-counts';

// What a health run keeps of its findings: counts by check × severity (any check name, so a new
// lint check needs no migration) and a short hash of each finding's identity, so the next run can
// say what is new and what was fixed without a copy of the findings.

export interface FindingIdentity {
  check: string;
  severity: string;
  entity: string;
  relation: string | null;
  conflict_id?: string;
  ref_target?: string;
}

/** The compact form of a new finding kept on its run (what the run page shows and links from). */
export type CompactFinding = FindingIdentity & { h: string };

/** 12 hex digits (48 bits) of SHA-256 over the identity: a collision inside one scope is negligible. Severity is left
 * out: the same value moving from "expires soon" to "expired" is the same problem, not a new one. */
export function fingerprintOf(f: FindingIdentity): string {
  const key = [f.check, f.entity, f.relation ?? '', f.conflict_id ?? '', f.ref_target ?? ''].join('\u0000');
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

export function compactFinding(f: FindingIdentity): CompactFinding {
  const compact: CompactFinding = { h: fingerprintOf(f), check: f.check, severity: f.severity, entity: f.entity, relation: f.relation };
  if (f.conflict_id) compact.conflict_id = f.conflict_id;
  if (f.ref_target) compact.ref_target = f.ref_target;
  return compact;
}

export interface TalliedRun {
  counts: FindingCounts;
  /** Every finding's hash, once, sorted. */
  fingerprints: string[];
  /** The first `keep` findings (in lint order, one per hash) whose hash the previous run did not have. */
  newFindings: CompactFinding[];
  newCount: number;
  /** The first `keep` hashes (sorted) of the previous run that this one no longer has. */
  fixedHashes: string[];
  fixedCount: number;
}

/**
 * What a health run keeps of its lint, taken batch by batch as the findings stream in: counts,
 * hashes, and against the previous run's hashes what is new and what was fixed. Holds one hash per
 * finding (about 100 MB at a million findings), never the findings themselves.
 */
export class FindingTally {
  private readonly counts: FindingCounts = {};
  private readonly previous: Set<string>;
  private readonly current = new Set<string>();
  private readonly fresh = new Set<string>();
  private readonly kept: CompactFinding[] = [];

  constructor(
    previous: readonly string[] | null,
    private readonly keep: number,
  ) {
    this.previous = new Set(previous ?? []);
  }

  add(findings: readonly FindingIdentity[]): void {
    countFindings(findings, this.counts);
    for (const finding of findings) {
      const compact = compactFinding(finding);
      this.current.add(compact.h);
      if (this.previous.has(compact.h) || this.fresh.has(compact.h)) continue;
      this.fresh.add(compact.h);
      if (this.kept.length < this.keep) this.kept.push(compact);
    }
  }

  done(): TalliedRun {
    const fixed = [...this.previous].filter((h) => !this.current.has(h)).sort();
    return {
      counts: this.counts,
      fingerprints: [...this.current].sort(),
      newFindings: this.kept,
      newCount: this.fresh.size,
      fixedHashes: fixed.slice(0, this.keep),
      fixedCount: fixed.length,
    };
  }
}
