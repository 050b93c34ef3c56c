import { formatConfidence } from '@/lib/facts/view/fact-value-text';

/** A confidence as a number with a small bar, so a column of them reads at a glance. */
export function ConfidenceBar({ confidence }: { confidence: number }) {
  const width = Math.round(Math.max(0, Math.min(1, confidence)) * 100);
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      <span className="tabular-nums">{formatConfidence(confidence)}</span>
      <span aria-hidden="true" className="h-1.5 w-12 overflow-hidden rounded-full bg-slate-100">
        <span className={`block h-full rounded-full ${confidence >= 0.6 ? 'bg-emerald-500' : confidence >= 0.3 ? 'bg-amber-500' : 'bg-rose-500'}`} style={{ width: `${width}%` }} />
      </span>
    </span>
  );
}
