import { createHash } from 'node:crypto';

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

/** Hashes in `current` missing from `previous` (new) and the reverse (fixed); both sorted. */
export function diffFingerprints(previous: readonly string[] | null, current: readonly string[]): { added: string[]; removed: string[] } {
  const before = new Set(previous ?? []);
  const now = new Set(current);
  return { added: [...now].filter((h) => !before.has(h)).sort(), removed: [...before].filter((h) => !now.has(h)).sort() };
}
