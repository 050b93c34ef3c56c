/**
 * Entity and source URIs (and the same query parameters): trimmed, lowercased, inner whitespace
 * collapsed to "-" (DESIGN.md §3). An empty result is the caller's invalid_entity_uri.
 */
export function normalizeUri(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, '-');
}
