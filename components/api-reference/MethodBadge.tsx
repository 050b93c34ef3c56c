const tones: Record<string, string> = {
  GET: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  POST: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  PUT: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  PATCH: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  DELETE: 'bg-rose-50 text-rose-800 ring-rose-600/30',
};

/** An HTTP method as a fixed-width pill; the word carries the meaning, the colour only helps. */
export function MethodBadge({ method }: { method: string }) {
  return (
    <span className={`inline-flex w-16 shrink-0 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${tones[method] ?? tones.GET}`}>{method}</span>
  );
}
