import type { ReactNode } from 'react';

/** One label/value pair of a <dl>; `wide` gives the label a wider column that stacks on phones. */
export function DetailRow({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'grid gap-1 py-2 sm:grid-cols-[12rem_1fr]' : 'grid grid-cols-[7rem_1fr] gap-2 py-1.5'}>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}
