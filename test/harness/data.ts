import { randomBytes } from 'node:crypto';
import type { FactValue } from '@/lib/wire/records';

// Uniquely named test data: every test builds its entities with a random suffix, so tests never
// see each other's facts or conflicts, on a fresh PGlite or on the shared PostgreSQL database.

export const uid = () => randomBytes(5).toString('hex');

/** A fresh entity URI, already in normalized form. */
export const uniqueEntity = (label = 'e') => `stigmem://test/${label}-${uid()}`;

export const TEST_SOURCE = 'stigmem://test/agent';

export const str = (v: string): FactValue => ({ type: 'string', v });

/** A value as a client may send it: a null may leave out `v` (it is always read back as `"v": null`). */
export type WireValue = FactValue | { type: 'null' };

export interface WireFact {
  entity: string;
  relation: string;
  value: WireValue;
  source: string;
  confidence?: number;
  scope?: string;
  valid_until?: string | null;
  id?: string;
  timestamp?: string;
  hlc?: string;
}

/** A wire fact with test defaults (source, relation); override any field. */
export function wireFact(entity: string, value: WireValue | string, extra: Partial<WireFact> = {}): WireFact {
  return { entity, relation: 'memory:status', value: typeof value === 'string' ? str(value) : value, source: TEST_SOURCE, ...extra };
}

/** HLC text for a wall time and counter, padded as the node emits it. */
export const hlcText = (wall: number, counter = 0) => `${String(wall).padStart(13, '0')}.${String(counter).padStart(3, '0')}`;
