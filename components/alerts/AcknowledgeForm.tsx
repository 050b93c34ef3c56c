'use client';

import { useState } from 'react';
import { useAcknowledgeManyMutation } from '@/lib/alerts/hooks/use-alert-mutations';
import { buttonStyles, inputStyles } from '../ui/styles';
import { InlineError } from '../ui/InlineError';

/** Acknowledge a group's open alerts (a rule on a scope) with an optional note; runs still resolve them when the condition ends. */
export function AcknowledgeForm({ ruleId, ruleName, scope, count }: { ruleId: string; ruleName: string; scope: string; count: number }) {
  // One form per card: the label and the button name their alert, so each is unique on the page.
  const which = `${ruleName} in ${scope}`;
  const [note, setNote] = useState('');
  const ack = useAcknowledgeManyMutation();
  const id = `ack-${ruleId}-${scope}`;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        ack.mutate({ rule_id: ruleId, scope, note: note.trim() || null });
      }}
      className="flex flex-wrap items-start gap-2"
    >
      <label className="sr-only" htmlFor={id}>
        Note on {which}
      </label>
      <input id={id} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} placeholder="Note (optional): who is on it, what is the plan" className={`${inputStyles} max-w-md flex-1`} />
      <button type="submit" disabled={ack.isPending} className={buttonStyles.secondary} data-testid="acknowledge" aria-label={`${count > 1 ? `Acknowledge ${count}` : 'Acknowledge'}: ${which}`}>
        {ack.isPending ? 'Acknowledging…' : count > 1 ? `Acknowledge ${count}` : 'Acknowledge'}
      </button>
      <InlineError error={ack.error} className="w-full text-xs text-rose-700" />
    </form>
  );
}
