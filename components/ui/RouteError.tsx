'use client';

import { useEffect } from 'react';
import { buttonStyles } from './styles';

/** The body of every error.tsx: says what failed, never leaks server details, offers a retry. */
export function RouteError({ error, retry, what }: { error: unknown; retry: () => void; what: string }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  return (
    <div role="alert" data-testid="route-error" className="rounded-xl border border-rose-200 bg-white p-6 shadow-sm">
      <h1 className="text-lg font-semibold text-rose-800">Could not load {what}</h1>
      <p className="mt-1 text-sm text-slate-600">
        The node failed to answer this page. The cause is in the server log{digest ? ` (reference ${digest})` : ''}.
      </p>
      <button type="button" onClick={() => retry()} className={`${buttonStyles.secondary} mt-4`}>
        Try again
      </button>
    </div>
  );
}
