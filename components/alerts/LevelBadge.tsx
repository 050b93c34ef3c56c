const TONES: Record<string, string> = {
  critical: 'bg-rose-700 text-white ring-rose-800',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  info: 'bg-sky-50 text-sky-900 ring-sky-600/30',
};

/** An alert's or rule's level: critical, warning or info. */
export function LevelBadge({ level }: { level: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ring-1 ring-inset ${TONES[level] ?? TONES.info}`} data-testid="alert-level">
      {level}
    </span>
  );
}
