import 'server-only';
import { createHash } from 'node:crypto';
import { canonicalValue, type FactValue } from './fact-value';

/** The stored value hash: SHA-256 of the canonical form, so equal values (datetimes as instants) match. */
export function valueHash(value: FactValue): string {
  return createHash('sha256').update(canonicalValue(value)).digest('hex');
}
