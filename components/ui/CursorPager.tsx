'use client';

import { buttonStyles } from './styles';

/**
 * Previous / next over a keyset-paged list held in component state: `cursors` is the stack of
 * the pages' cursors (null for the first), its last one the page shown; the parent keeps it.
 */
export function CursorPager({
  cursors,
  onCursors,
  nextCursor,
  busy,
  label,
}: {
  cursors: (string | null)[];
  onCursors: (next: (string | null)[]) => void;
  nextCursor: string | null | undefined;
  busy?: boolean;
  label: string;
}) {
  const hasPrevious = cursors.length > 1;
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 text-sm">
      <button type="button" onClick={() => onCursors(cursors.slice(0, -1))} disabled={!hasPrevious || busy} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}>
        ← Previous
      </button>
      {busy ? <span className="text-xs text-slate-500" role="status">Loading…</span> : null}
      <button type="button" onClick={() => nextCursor && onCursors([...cursors, nextCursor])} disabled={!nextCursor || busy} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}>
        Next →
      </button>
    </nav>
  );
}
