import { z } from 'zod';

// Shared zod pieces for query strings (docs/architecture.md § Conventions): booleans, limits with a hard maximum, cursors.

export const queryBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

export const queryLimit = (fallback = 50, max = 500) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);


/** A JSON body's optional page size (POST /v1/synthesis, POST /v1/lint): an integer from 1 to 1000. */
export const bodyPageLimit = z
  .number({ error: 'limit must be an integer from 1 to 1000' })
  .int('limit must be an integer')
  .min(1, 'limit must be at least 1')
  .max(1000, 'limit must be at most 1000')
  .nullish();

/** A JSON body's optional cursor: the `next_cursor` of the previous page. */
export const bodyCursor = z.string({ error: 'cursor must be a string' }).max(2000, 'cursor is at most 2000 characters').nullish();

export function encodeCursor(parts: unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(cursor: string): unknown[] | null {
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(parts) ? parts : null;
  } catch {
    return null;
  }
}
