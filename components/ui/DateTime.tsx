'use client';

import { useEffect, useState } from 'react';
import { exactTimeText, formatRelativeTime, formatUtc, hlcInstant } from '@/lib/time/format-time';

export { formatUtc };

// Every timestamp and HLC on a page: relative ("3 days ago") for reading, the exact UTC instant and
// the HLC in the tooltip and for screen readers. The server renders it with its own clock and the
// browser re-renders it with the reader's (suppressHydrationWarning on the relative text only), then
// once a minute so "just now" does not stay.

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function DateTime({ iso, hlc, fallback = '—' }: { iso?: string | null; hlc?: string | null; fallback?: string }) {
  const now = useNow();
  const instant = iso ?? (hlc ? hlcInstant(hlc) : null);
  if (!instant) return <span className="text-slate-500">{hlc ?? fallback}</span>;
  const exact = exactTimeText(instant, hlc);
  const relative = formatRelativeTime(instant, now) ?? formatUtc(instant);
  return (
    <time dateTime={instant} title={exact} data-testid="datetime" className="whitespace-nowrap tabular-nums underline decoration-dotted decoration-slate-400 underline-offset-2">
      <span suppressHydrationWarning>{relative}</span>
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}
