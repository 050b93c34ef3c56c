import { errorDetail } from '@/lib/client/api-client';

/**
 * A failed mutation's reason beside the control that started it, announced as an alert; nothing
 * while there is no error. A <span>, so it fits inside a label or a button row; `className` sets
 * its size, colour and place.
 */
export function InlineError({ error, className = 'text-xs text-rose-700', testId }: { error: unknown; className?: string; testId?: string }) {
  if (!error) return null;
  return (
    <span role="alert" data-testid={testId} className={className}>
      {errorDetail(error)}
    </span>
  );
}
