'use client';

import { buttonStyles } from '../ui/styles';

/** Previous / next over a keyset-paged list held in component state (cursor stack in the parent). */
export function CursorPager({
  hasPrevious,
  nextCursor,
  busy,
  onPrevious,
  onNext,
  label,
}: {
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  busy?: boolean;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
  label: string;
}) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 text-sm">
      <button type="button" onClick={onPrevious} disabled={!hasPrevious || busy} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}>
        ← Previous
      </button>
      {busy ? <span className="text-xs text-slate-500" role="status">Loading…</span> : null}
      <button type="button" onClick={() => nextCursor && onNext(nextCursor)} disabled={!nextCursor || busy} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}>
        Next →
      </button>
    </nav>
  );
}
