'use client';

import { useState } from 'react';
import { useMuteMutation, useUnmuteMutation } from '@/lib/alerts/hooks/use-alert-mutations';
import { DateTime } from '../ui/DateTime';
import { buttonStyles, inputStyles } from '../ui/styles';
import { InlineError } from '../ui/InlineError';

const DURATIONS = [
  { label: '1 hour', ms: 3600_000 },
  { label: '1 day', ms: 86400_000 },
  { label: '7 days', ms: 7 * 86400_000 },
  { label: '30 days', ms: 30 * 86400_000 },
] as const;

/** Mute a rule on one scope until an instant (it opens no alert there meanwhile), or end the mute now. */
export function MuteControl({ ruleId, ruleName, scope, mutedUntil }: { ruleId: string; ruleName: string; scope: string; mutedUntil: string | null }) {
  // One control per card: labels and buttons name their alert, so each is unique on the page.
  const which = `${ruleName} in ${scope}`;
  const [duration, setDuration] = useState<number>(DURATIONS[1].ms);
  const [reason, setReason] = useState('');
  const mute = useMuteMutation(ruleId);
  const unmute = useUnmuteMutation(ruleId);
  const id = `mute-${ruleId}-${scope}`;
  if (mutedUntil) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-700" data-testid="muted-until">
          Muted until <DateTime iso={mutedUntil} />
        </span>
        <button type="button" onClick={() => unmute.mutate(scope)} disabled={unmute.isPending} className={buttonStyles.secondary} data-testid="unmute" aria-label={`${unmute.isPending ? 'Unmuting' : 'Unmute'}: ${which}`}>
          {unmute.isPending ? 'Unmuting…' : 'Unmute'}
        </button>
        <InlineError error={unmute.error} className="w-full text-xs text-rose-700" />
      </div>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        mute.mutate({ scope, until: new Date(Date.now() + duration).toISOString(), reason: reason.trim() || null });
      }}
      className="flex flex-wrap items-start gap-2"
    >
      <label className="sr-only" htmlFor={`${id}-for`}>
        Mute for ({which})
      </label>
      <select id={`${id}-for`} value={duration} onChange={(e) => setDuration(Number(e.target.value))} className={`${inputStyles} max-w-48`}>
        {DURATIONS.map((d) => (
          <option key={d.ms} value={d.ms}>
            for {d.label}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${id}-reason`}>
        Reason ({which})
      </label>
      <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} placeholder="Reason (optional)" className={`${inputStyles} max-w-xs flex-1`} />
      <button type="submit" disabled={mute.isPending} className={buttonStyles.secondary} data-testid="mute" aria-label={`${mute.isPending ? 'Muting' : 'Mute'}: ${which}`}>
        {mute.isPending ? 'Muting…' : 'Mute'}
      </button>
      <InlineError error={mute.error} className="w-full text-xs text-rose-700" />
    </form>
  );
}
