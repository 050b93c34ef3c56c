// Hybrid logical clock: "{wall_ms}.{counter}", emitted padded (13 and 3 digits) and always
// compared numerically, wall first. The node's clock is one row in the database that every write
// reserves its HLCs from (lib/facts/issue-hlcs.ts), so it is monotonic across restarts and instances.

export interface Hlc {
  wall: number;
  counter: number;
}

const HLC_PATTERN = /^(\d{1,15})\.(\d{1,9})$/;

/** Counters the node issues per wall millisecond (0–999, the three padded digits). */
export const HLC_COUNTERS_PER_MS = 1000;

export function formatHlc({ wall, counter }: Hlc): string {
  return `${String(wall).padStart(13, '0')}.${String(counter).padStart(3, '0')}`;
}

export function parseHlc(text: string): Hlc | null {
  const match = HLC_PATTERN.exec(text);
  if (!match) return null;
  return { wall: Number(match[1]), counter: Number(match[2]) };
}

export function compareHlc(a: Hlc, b: Hlc): number {
  return a.wall - b.wall || a.counter - b.counter;
}

/**
 * The order of facts: HLC, then fact id. HLCs this node issues never tie (they are issued under
 * one clock row in runs that never overlap, docs/decisions.md § HLC ties); imported facts keep the HLC their node gave
 * them and may tie, and the id decides between those, the same way on every instance and in any
 * order of arrival (GET /v1/facts lists by the same two keys).
 */
export function compareFactOrder(a: { hlc: Hlc; id: string }, b: { hlc: Hlc; id: string }): number {
  return compareHlc(a.hlc, b.hlc) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function maxHlc(a: Hlc | null, b: Hlc | null): Hlc | null {
  if (!a) return b;
  if (!b) return a;
  return compareHlc(a, b) >= 0 ? a : b;
}
