// The one wire form of an instant (docs/api.md § Wire details): RFC 3339 in UTC with a "Z", and
// milliseconds only when they are not zero — "2030-01-01T00:00:00Z", "2026-11-23T14:15:07.120Z" —
// which is how the reference node echoes what a client sent.

export function formatInstant(value: Date | string | number): string {
  const iso = new Date(value).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/** formatInstant for a nullable column. */
export function formatInstantOrNull(value: Date | string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : formatInstant(value);
}
