'use client';

import { useCheckNowMutation } from '@/lib/health-history/hooks/use-check-now-mutation';
import { buttonStyles } from '../ui/styles';
import { InlineError } from '../ui/InlineError';

/** Runs a health check of the scope now (trigger "manual") and reloads the page's data. */
export function CheckNowButton({ scope }: { scope: string }) {
  const check = useCheckNowMutation();
  return (
    <div className="flex flex-col items-end gap-1">
      <button type="button" onClick={() => check.mutate(scope)} disabled={check.isPending} className={buttonStyles.primary} data-testid="check-now">
        {check.isPending ? 'Checking…' : 'Check now'}
      </button>
      <InlineError error={check.error} className="max-w-xs text-right text-xs text-rose-700" />
    </div>
  );
}
