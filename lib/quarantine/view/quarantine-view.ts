import { isFactScope, type FactScope } from '../../facts/scope';
import { QUARANTINE_STATUSES, type QuarantineStatus } from '../quarantine-record';

// The dashboard's quarantine queue (/quarantine): its filters live in the URL, and its keys are
// pure, so the rules are tested without a browser: j/k or the arrows move, a admits, r rejects.

export const QUARANTINE_PAGE_SIZE = 50;

export interface QuarantineFilters {
  /** `all` lists every entry; the queue opens on the pending ones. */
  status: QuarantineStatus | 'all';
  scope: FactScope | null;
  offset: number;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parseQuarantineFilters(params: Record<string, string | string[] | undefined>): QuarantineFilters {
  const status = first(params.status);
  const scope = first(params.scope);
  const offset = Number(first(params.offset) ?? 0);
  return {
    status: status === 'all' || (QUARANTINE_STATUSES as readonly string[]).includes(status ?? '') ? (status as QuarantineFilters['status']) : 'pending',
    scope: scope && isFactScope(scope) ? scope : null,
    offset: Number.isInteger(offset) && offset > 0 && offset <= 1_000_000 ? offset - (offset % QUARANTINE_PAGE_SIZE) : 0,
  };
}

export function quarantineHref(filters: QuarantineFilters, change: Partial<QuarantineFilters> = {}): string {
  const f = { ...filters, offset: 0, ...change };
  const params = new URLSearchParams();
  if (f.status !== 'pending') params.set('status', f.status);
  if (f.scope) params.set('scope', f.scope);
  if (f.offset) params.set('offset', String(f.offset));
  const query = params.toString();
  return query ? `/quarantine?${query}` : '/quarantine';
}

export type QuarantineCommand = 'next' | 'previous' | 'admit' | 'reject';

const KEYS: Record<string, QuarantineCommand> = { j: 'next', ArrowDown: 'next', k: 'previous', ArrowUp: 'previous', a: 'admit', r: 'reject' };

export const QUARANTINE_SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ['j', '↓'], label: 'next fact' },
  { keys: ['k', '↑'], label: 'previous fact' },
  { keys: ['a'], label: 'admit: back into the knowledge base' },
  { keys: ['r'], label: 'reject: retract it for good' },
];

export function quarantineCommandForKey(key: string): QuarantineCommand | null {
  return KEYS[key] ?? null;
}
