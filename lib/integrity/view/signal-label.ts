import { parseFlag } from '../inspect-value';

/**
 * A detector's signal as people read it: `injection:override:ignore_previous` → "override: ignore
 * previous", `credential:aws_access_key_id:AKIA…MPLE (20 characters)` → "aws access key id AKIA…MPLE
 * (20 characters)". Signals hold no secret (inspect-value.ts masks it), so the label holds none.
 */
export function signalLabel(flag: string): string {
  const { class: cls, what, detail } = parseFlag(flag);
  const words = (s: string) => s.replaceAll('_', ' ');
  if (cls === 'injection') return detail ? `${words(what)}: ${words(detail)}` : words(what);
  return detail ? `${words(what)} ${detail}` : words(what);
}
