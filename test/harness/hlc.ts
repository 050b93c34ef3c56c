import { HLC_PATTERN } from '@/lib/wire/records';

/** Compares two HLC texts numerically, wall first (as the node does), never as strings. */
export function compareHlcText(a: string, b: string): number {
  if (!HLC_PATTERN.test(a) || !HLC_PATTERN.test(b)) throw new Error(`not an HLC: ${a} / ${b}`);
  const [wallA, counterA] = a.split('.').map(Number);
  const [wallB, counterB] = b.split('.').map(Number);
  return wallA - wallB || counterA - counterB;
}
