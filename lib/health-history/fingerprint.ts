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
 * out: the same value moving from "expires soon" to "expired" is the same problem, not a new one. So is the conflict id
 * of a contradiction (one finding per triple): it names the contradiction's oldest open conflict, which moves when
 * that conflict's value is retracted while the triple stays contradicted. */
export function fingerprintOf(f: FindingIdentity): string {
  const conflict = f.check === 'contradiction' ? '' : (f.conflict_id ?? '');
  const key = [f.check, f.entity, f.relation ?? '', conflict, f.ref_target ?? ''].join('\u0000');
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

export function compactFinding(f: FindingIdentity): CompactFinding {
  const compact: CompactFinding = { h: fingerprintOf(f), check: f.check, severity: f.severity, entity: f.entity, relation: f.relation };
  if (f.conflict_id) compact.conflict_id = f.conflict_id;
  if (f.ref_target) compact.ref_target = f.ref_target;
  return compact;
}

/** Bytes per hash in a stored fingerprint set: the 12 hex digits' 48 bits. */
const HASH_BYTES = 6;

/** The sorted hashes of a stored fingerprint set (health_runs.fingerprint_set) as numbers (48 bits: exact in a double). */
export function readFingerprintSet(set: Uint8Array | null | undefined): Float64Array {
  const bytes = Buffer.from(set?.buffer ?? new ArrayBuffer(0), set?.byteOffset ?? 0, set?.byteLength ?? 0);
  const hashes = new Float64Array(Math.floor(bytes.length / HASH_BYTES));
  for (let i = 0; i < hashes.length; i++) hashes[i] = bytes.readUIntBE(i * HASH_BYTES, HASH_BYTES);
  return hashes;
}

/** Sorted hashes as a stored fingerprint set. */
export function writeFingerprintSet(hashes: Float64Array): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.alloc(hashes.length * HASH_BYTES);
  hashes.forEach((hash, i) => bytes.writeUIntBE(hash, i * HASH_BYTES, HASH_BYTES));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>;
}

const hashNumber = (hex: string) => parseInt(hex, 16);
const hashHex = (n: number) => n.toString(16).padStart(12, '0');

/** Whether sorted `hashes` holds `hash` (binary search). */
function holds(hashes: Float64Array, hash: number): boolean {
  let low = 0;
  let high = hashes.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (hashes[mid] === hash) return true;
    if (hashes[mid] < hash) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

export interface TalliedRun {
  counts: FindingCounts;
  /** Every finding's hash, once, sorted: the run's stored fingerprint set. */
  fingerprints: Float64Array;
  /** The first `keep` findings (in lint order, one per hash) whose hash the previous run did not have. */
  newFindings: CompactFinding[];
  newCount: number;
  /** The first `keep` hashes (sorted) of the previous run that this one no longer has. */
  fixedHashes: string[];
  fixedCount: number;
}

/**
 * What a health run keeps of its lint, taken batch by batch as the findings stream in: counts,
 * hashes, and against the previous run's hashes what is new and what was fixed. Holds each hash as
 * a number in a typed array (8 bytes per finding, 17 MB with the previous run's at 1.1M findings),
 * never the findings themselves, nor a string per finding (a Set of 1.1M hex strings and the
 * stored text array brought a 10M-fact scope's health run to 1.46 GB).
 */
export class FindingTally {
  private readonly counts: FindingCounts = {};
  private readonly previous: Float64Array;
  private current = new Float64Array(1024);
  private size = 0;
  private readonly kept: CompactFinding[] = [];
  /** The kept findings' hashes: a hash seen again later is not a second new finding. */
  private readonly keptHashes = new Set<string>();

  constructor(
    previous: Float64Array | null,
    private readonly keep: number,
  ) {
    this.previous = previous ?? new Float64Array(0);
  }

  add(findings: readonly FindingIdentity[]): void {
    countFindings(findings, this.counts);
    for (const finding of findings) {
      const compact = compactFinding(finding);
      const hash = hashNumber(compact.h);
      if (this.size === this.current.length) {
        const grown = new Float64Array(this.current.length * 2);
        grown.set(this.current);
        this.current = grown;
      }
      this.current[this.size++] = hash;
      if (this.kept.length < this.keep && !this.keptHashes.has(compact.h) && !holds(this.previous, hash)) {
        this.keptHashes.add(compact.h);
        this.kept.push(compact);
      }
    }
  }

  done(): TalliedRun {
    const sorted = this.current.subarray(0, this.size).sort();
    // Once each: a finding may come twice (another severity of the same identity).
    let unique = 0;
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[unique++] = sorted[i];
    const fingerprints = sorted.slice(0, unique);
    // Both sorted: one merge says what is new (only here) and what was fixed (only in the previous run).
    let newCount = 0;
    let fixedCount = 0;
    const fixedHashes: string[] = [];
    let i = 0;
    let j = 0;
    while (i < fingerprints.length || j < this.previous.length) {
      if (j >= this.previous.length || (i < fingerprints.length && fingerprints[i] < this.previous[j])) {
        newCount++;
        i++;
      } else if (i >= fingerprints.length || this.previous[j] < fingerprints[i]) {
        if (fixedHashes.length < this.keep) fixedHashes.push(hashHex(this.previous[j]));
        fixedCount++;
        j++;
      } else {
        i++;
        j++;
      }
    }
    return { counts: this.counts, fingerprints, newFindings: this.kept, newCount, fixedHashes, fixedCount };
  }
}
