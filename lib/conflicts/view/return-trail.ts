import { safeReturnPath } from '../../pages/safe-return-path';
import type { ConflictTrail } from './conflict-href';

// The way back from a conflict page (docs/decisions.md § Review workflow): `?from=` names the list
// it was opened from — a scope's findings with their filters, or the review queue with its own —
// and `?next=` the next contradiction of that list. Both come from the URL, so both are checked:
// `from` must be a path of this site under /scopes/ or /conflicts (never an open redirect), `next` a
// contradiction or conflict id (the page it links to checks access itself).

const NEXT_ID = /^stigmem:(contradiction|conflict):[0-9a-f-]{36}$/;

export interface ReturnTrail {
  from: string;
  /** "Back to findings" or "Back to the queue". */
  label: string;
  /** The list the way back leads to is a scope's findings (then "Next finding" applies). */
  findingsScope: string | null;
  next: string | null;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function parseReturnTrail(params: Record<string, string | string[] | undefined>): ReturnTrail | null {
  const raw = one(params.from);
  if (!raw) return null;
  const from = safeReturnPath(raw);
  const url = new URL(from, 'http://same-site.invalid');
  const findings = /^\/scopes\/([^/]+)$/.exec(url.pathname);
  if (!findings && url.pathname !== '/conflicts') return null;
  const next = one(params.next);
  return {
    from,
    label: findings ? 'Back to findings' : 'Back to the queue',
    findingsScope: findings ? decodeURIComponent(findings[1]) : null,
    next: next && NEXT_ID.test(next) ? next : null,
  };
}

/** The trail to carry to the next page: the same list, the next item once known. */
export function trailFor(trail: ReturnTrail | null, next?: string | null): ConflictTrail {
  return trail ? { from: trail.from, ...(next ? { next } : {}) } : {};
}
