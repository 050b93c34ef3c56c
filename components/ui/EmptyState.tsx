import type { ReactNode } from 'react';

export function EmptyState({ title, children, testId = 'empty-state' }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto h-10 w-10 text-slate-300" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path strokeLinecap="round" strokeLinejoin="round" d="M20.25 7.5l-.625 10.632a2.25 2.25 0 01-2.247 2.118H6.622a2.25 2.25 0 01-2.247-2.118L3.75 7.5m16.5 0H3.75m16.5 0l-1.5-3.75H5.25L3.75 7.5" />
      </svg>
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mx-auto mt-1 max-w-xl text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
