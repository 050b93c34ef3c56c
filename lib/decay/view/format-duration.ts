// Durations of decay policies (ttl_s, half_life_s) and ages of facts, in seconds on the wire and in
// the largest whole units for people: 2592000 → "30 d", 5400 → "1 h 30 min".

export const DURATION_UNITS = [
  { unit: 'd', seconds: 86_400, label: 'days' },
  { unit: 'h', seconds: 3_600, label: 'hours' },
  { unit: 'min', seconds: 60, label: 'minutes' },
  { unit: 's', seconds: 1, label: 'seconds' },
] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number]['unit'];

/** At most two units, largest first, without zero parts. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  let rest = Math.max(0, Math.round(seconds));
  if (rest === 0) return '0 s';
  const parts: string[] = [];
  for (const { unit, seconds: size } of DURATION_UNITS) {
    if (parts.length === 2) break;
    const n = Math.floor(rest / size);
    if (n > 0) {
      parts.push(`${n.toLocaleString('en-US')} ${unit}`);
      rest -= n * size;
    } else if (parts.length) {
      break;
    }
  }
  return parts.join(' ');
}

/** The largest unit that divides `seconds` exactly, for editing a policy in the form. */
export function splitDuration(seconds: number | null | undefined): { amount: string; unit: DurationUnit } {
  if (!seconds || seconds <= 0) return { amount: '', unit: 'd' };
  const fit = DURATION_UNITS.find((u) => seconds % u.seconds === 0) ?? DURATION_UNITS[3];
  return { amount: String(seconds / fit.seconds), unit: fit.unit };
}

/** Seconds from a form's amount and unit; null for an empty or unreadable amount (the API then says what is missing). */
export function toSeconds(amount: string, unit: DurationUnit): number | null {
  const trimmed = amount.trim();
  if (!trimmed) return null;
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return null;
  const size = DURATION_UNITS.find((u) => u.unit === unit)?.seconds ?? 1;
  return Math.round(n * size);
}
