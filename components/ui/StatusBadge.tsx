const tones: Record<string, string> = {
  live: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  superseded: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  retracted: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  expired: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  contradicted: 'bg-orange-50 text-orange-800 ring-orange-600/30',
  unresolved: 'bg-orange-50 text-orange-800 ring-orange-600/30',
  resolved: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  kept: 'bg-emerald-600 text-white ring-emerald-700',
  dismissed: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  // Quarantine (Spec-08).
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  promoted: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  rejected: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  // Audit outcomes.
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  denied: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  failure: 'bg-amber-50 text-amber-900 ring-amber-600/40',
};

/** A small pill for fact and conflict states; the word itself carries the meaning, not the color. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[status] ?? tones.superseded}`}
    >
      {status}
    </span>
  );
}
