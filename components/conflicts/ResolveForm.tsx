'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { ApiClientError, errorDetail } from '@/lib/client/api-client';
import { useDismissConflictMutation } from '@/lib/conflicts/hooks/use-dismiss-conflict-mutation';
import { useResolveConflictMutation } from '@/lib/conflicts/hooks/use-resolve-conflict-mutation';
import type { FactValue, FactValueType } from '@/lib/facts/fact-value';
import { parseFactValueInput, valueToInput } from '@/lib/facts/fact-value-input';
import { Notice } from '../ui/Notice';
import { buttonStyles, cardStyles, inputStyles, labelStyles } from '../ui/styles';
import { type ConflictTrail, conflictHref } from '@/lib/conflicts/view/conflict-href';
import { FactValueFields } from './FactValueFields';

export interface ResolveValue {
  /** 0-based, as the page numbers the values. */
  index: number;
  factId: string;
  valueText: string;
  value: FactValue;
}

type Choice = number | 'new' | 'dismiss';

const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * Keep one of the values, assert a new value, or dismiss as not a contradiction, with a note: one
 * decision for the whole contradicted triple. After the decision, or when someone else decided first
 * (409), the page reloads from the server and shows the recorded decision.
 */
export function ResolveForm({
  conflictId,
  values,
  valueCount,
  suggested,
  canWrite,
  scope,
  trail = {},
}: {
  /** The list the page was opened from and its next item, kept through the decision. */
  trail?: ConflictTrail;
  conflictId: string;
  values: ResolveValue[];
  valueCount: number;
  suggested: number | null;
  canWrite: boolean;
  scope: string;
}) {
  const router = useRouter();
  const resolve = useResolveConflictMutation();
  const dismiss = useDismissConflictMutation();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [note, setNote] = useState('');
  const [retractLoser, setRetractLoser] = useState(true);
  const [newValue, setNewValue] = useState<{ type: FactValueType; raw: string }>(() => (values[0] ? valueToInput(values[0].value) : { type: 'string', raw: '' }));
  const [valueError, setValueError] = useState<string | null>(null);
  const pending = resolve.isPending || dismiss.isPending;
  const error = resolve.error ?? dismiss.error;

  const afterError = (err: unknown) => {
    if (err instanceof ApiClientError && err.status === 409) router.replace(conflictHref(conflictId, 'already', trail));
  };
  const done = (outcome: 'resolved' | 'dismissed') => () => router.replace(conflictHref(conflictId, outcome, trail));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (choice === null) return;
    if (choice === 'dismiss') {
      dismiss.mutate({ conflictId, resolution_note: note }, { onSuccess: done('dismissed'), onError: afterError });
      return;
    }
    if (choice === 'new') {
      const parsed = parseFactValueInput(newValue.type, newValue.raw);
      setValueError(parsed.ok ? null : parsed.error);
      if (!parsed.ok) return;
      resolve.mutate({ conflictId, new_value: parsed.value, resolution_note: note, retract_losers: retractLoser }, { onSuccess: done('resolved'), onError: afterError });
      return;
    }
    const winner = values.find((v) => v.index === choice)!;
    resolve.mutate({ conflictId, winning_fact_id: winner.factId, resolution_note: note, retract_losers: retractLoser }, { onSuccess: done('resolved'), onError: afterError });
  }

  const options: { value: Choice; title: string; hint: string }[] = [
    ...values.map((v) => ({ value: v.index as Choice, title: `Keep value ${v.index + 1}${v.index === suggested ? ' (suggested)' : ''}`, hint: preview(v.valueText) })),
    { value: 'new', title: 'New value', hint: 'None is right: assert the correct value instead.' },
    { value: 'dismiss', title: 'Dismiss — not a contradiction', hint: 'For example a change over time, or a relation that holds several values; every value stays and they stay quiet together during the cooldown.' },
  ];

  return (
    <section aria-labelledby="resolve-title" className={`${cardStyles} p-5`}>
      <h2 id="resolve-title" className="text-base font-semibold text-slate-900">
        Decide
      </h2>
      {!canWrite ? (
        <div className="mt-3">
          <Notice tone="warning">Deciding needs the write permission on scope “{scope}”; this key only reads it.</Notice>
        </div>
      ) : null}
      <form onSubmit={submit} className="mt-3 space-y-4" noValidate>
        <fieldset disabled={!canWrite || pending} className="space-y-4">
          <legend className="sr-only">Decision</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {options.map((option) => (
              <label
                key={String(option.value)}
                className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${
                  choice === option.value ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 hover:border-slate-300'
                }`}
              >
                <input type="radio" name="decision" value={String(option.value)} checked={choice === option.value} onChange={() => setChoice(option.value)} className="mt-0.5 accent-indigo-600" />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{option.title}</span>
                  <span className="block text-slate-600 wrap-anywhere">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {valueCount > values.length ? (
            <p className="text-sm text-slate-600">
              The triple holds {valueCount} live values; the strongest {values.length} are listed. Whichever you keep, every other live value is retracted.
            </p>
          ) : null}
          {choice === 'new' ? <FactValueFields type={newValue.type} raw={newValue.raw} error={valueError} onChange={setNewValue} /> : null}
          <div>
            <label htmlFor="resolution-note" className={labelStyles}>
              Note
            </label>
            <textarea id="resolution-note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={10_000} className={`${inputStyles} mt-1`} placeholder="Why this decision (kept with the record)" />
          </div>
          {choice !== null && choice !== 'dismiss' ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={retractLoser} onChange={(e) => setRetractLoser(e.target.checked)} className="accent-indigo-600" />
              {choice === 'new' ? 'Retract every old value' : valueCount > 2 ? 'Retract the other values' : 'Retract the other value'}, so the triple has one live value afterwards
            </label>
          ) : null}
        </fieldset>
        {error && !(error instanceof ApiClientError && error.status === 409) ? (
          <Notice tone="error" title="Could not save the decision" testId="resolve-error">
            {errorDetail(error)}
          </Notice>
        ) : null}
        <button type="submit" disabled={!canWrite || choice === null || pending} className={choice === 'dismiss' ? buttonStyles.secondary : buttonStyles.primary}>
          {pending ? 'Saving…' : choice === 'dismiss' ? 'Dismiss contradiction' : 'Resolve contradiction'}
        </button>
      </form>
    </section>
  );
}
