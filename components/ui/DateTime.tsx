// Timestamps render the same on the server and in the browser (UTC, no locale), so hydration
// never disagrees; the exact instant stays in the dateTime attribute and the tooltip.

export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function DateTime({ iso, fallback = '—' }: { iso: string | null | undefined; fallback?: string }) {
  if (!iso) return <span className="text-slate-500">{fallback}</span>;
  return (
    <time dateTime={iso} title={iso} className="whitespace-nowrap tabular-nums">
      {formatUtc(iso)}
    </time>
  );
}
