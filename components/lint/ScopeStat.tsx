/** One number of a scope card. */
export function ScopeStat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 text-2xl font-semibold tabular-nums text-slate-900">
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  );
}
