'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useId, useRef, useState, useTransition } from 'react';
import type { FactValueType } from '@/lib/facts/fact-value';
import { errorDetail } from '@/lib/client/api-client';
import { useAssertFactMutation } from '@/lib/client/use-assert-fact-mutation';
import { parseFactValueInput, VALUE_TYPES } from '@/lib/facts/fact-value-input';
import { Notice } from '../ui/Notice';
import { buttonStyles, inputStyles, labelStyles } from '../ui/styles';

/**
 * "Assert the missing target" of a broken ref: a modal form prefilled with the target as entity
 * and the finding's scope; the operator names a relation and a value. Any live fact about the
 * target mends the ref. After the write, the page's findings reload.
 */
export function AssertTargetDialog({ open, onClose, target, scope, source }: { open: boolean; onClose: () => void; target: string; scope: string; source: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const router = useRouter();
  const assert = useAssertFactMutation();
  const [refreshing, startRefresh] = useTransition();
  const [entity, setEntity] = useState(target);
  const [relation, setRelation] = useState('');
  const [type, setType] = useState<FactValueType>('string');
  const [raw, setRaw] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const pending = assert.isPending || refreshing;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseFactValueInput(type, raw);
    if (!parsed.ok) return setInvalid(parsed.error);
    setInvalid(null);
    assert.mutate(
      { entity, relation: relation.trim(), value: parsed.value, scope, source },
      {
        onSuccess: () =>
          startRefresh(() => {
            onClose();
            router.refresh();
          }),
      },
    );
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onClose();
      }}
      className="m-auto w-full max-w-lg rounded-xl border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      {open ? (
        <form onSubmit={submit} className="space-y-4 p-6" aria-labelledby={`${ids}-title`}>
          <div>
            <h2 id={`${ids}-title`} className="text-lg font-semibold">
              Assert the missing target
            </h2>
            <p className="mt-1 text-sm text-slate-600">A live fact about the target, in scope {scope}, mends every ref that points at it.</p>
          </div>
          <fieldset disabled={pending} className="space-y-3">
            <div>
              <label htmlFor={`${ids}-entity`} className={labelStyles}>
                Entity
              </label>
              <input id={`${ids}-entity`} required value={entity} onChange={(e) => setEntity(e.target.value)} className={`${inputStyles} mt-1 font-mono`} />
            </div>
            <div>
              <span className={labelStyles}>Scope</span>
              <p className="mt-1 text-sm capitalize text-slate-900">{scope}</p>
            </div>
            <div>
              <label htmlFor={`${ids}-relation`} className={labelStyles}>
                Relation
              </label>
              <input id={`${ids}-relation`} required pattern="\S+" title="A relation has no spaces" value={relation} onChange={(e) => setRelation(e.target.value)} placeholder="for example memory:name" className={`${inputStyles} mt-1 font-mono`} autoFocus />
            </div>
            <div className="grid gap-3 sm:grid-cols-[9rem_1fr]">
              <div>
                <label htmlFor={`${ids}-type`} className={labelStyles}>
                  Value type
                </label>
                <select id={`${ids}-type`} value={type} onChange={(e) => setType(e.target.value as FactValueType)} className={`${inputStyles} mt-1`}>
                  {VALUE_TYPES.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${ids}-value`} className={labelStyles}>
                  Value
                </label>
                <input
                  id={`${ids}-value`}
                  value={type === 'null' ? '' : raw}
                  disabled={type === 'null'}
                  onChange={(e) => setRaw(e.target.value)}
                  placeholder={type === 'boolean' ? 'true or false' : type === 'datetime' ? '2026-05-02T14:00:00Z' : type === 'null' ? '(no value)' : ''}
                  className={`${inputStyles} mt-1`}
                />
              </div>
            </div>
          </fieldset>
          {invalid ? <Notice tone="error">{invalid}</Notice> : null}
          {assert.error ? (
            <Notice tone="error" title="Could not assert the fact" testId="assert-error">
              {errorDetail(assert.error)}
            </Notice>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={onClose} disabled={pending} className={buttonStyles.secondary}>
              Cancel
            </button>
            <button type="submit" disabled={pending} className={buttonStyles.primary}>
              {pending ? 'Saving…' : 'Assert fact'}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
