import { z } from 'zod';

/**
 * Entity and source URIs (and the same query parameters): trimmed, lowercased, inner whitespace
 * collapsed to "-" (docs/semantics.md). An empty result is the caller's invalid_entity_uri.
 */
export function normalizeUri(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * Longest entity, source or ref URI, in UTF-8 bytes. They are index keys, and PostgreSQL refuses
 * index rows over ~2.7 KB with an error, so longer ones are rejected as input instead.
 */
export const MAX_URI_BYTES = 1024;

export const uriTooLong = (uri: string) => new TextEncoder().encode(uri).length > MAX_URI_BYTES;

/** Entity-like parameters are normalized like stored entities; empty ones are rejected. */
export const queryUri = z
  .string()
  .transform(normalizeUri)
  .pipe(z.string().min(1, 'must not be empty'))
  .optional();
