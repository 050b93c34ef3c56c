'use client';

import { useState } from 'react';
import { useAcknowledgeMutation } from '@/lib/alerts/hooks/use-alert-mutations';
import { buttonStyles, inputStyles } from '../ui/styles';
import { InlineError } from '../ui/InlineError';

/** Acknowledge an open alert with an optional note; the run still resolves it when the condition ends. */
export function AcknowledgeForm({ alertId }: { alertId: string }) {
  const [note, setNote] = useState('');
  const ack = useAcknowledgeMutation(alertId);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        ack.mutate(note.trim() || null);
      }}
      className="mt-3 flex flex-wrap items-start gap-2"
    >
      <label className="sr-only" htmlFor={`ack-${alertId}`}>
        Note
      </label>
      <input id={`ack-${alertId}`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} placeholder="Note (optional): who is on it, what is the plan" className={`${inputStyles} max-w-md flex-1`} />
      <button type="submit" disabled={ack.isPending} className={buttonStyles.secondary} data-testid="acknowledge">
        {ack.isPending ? 'Acknowledging…' : 'Acknowledge'}
      </button>
      <InlineError error={ack.error} className="w-full text-xs text-rose-700" />
    </form>
  );
}
