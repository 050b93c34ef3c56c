'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState, useTransition } from 'react';
import type { FactValueType } from '@/lib/facts/fact-value';
import { errorDetail } from '@/lib/client/api-client';
import { useAssertFactMutation } from '@/lib/facts/hooks/use-assert-fact-mutation';
import { parseFactValueInput, VALUE_TYPES } from '@/lib/facts/fact-value-input';
import { Notice } from '../ui/Notice';
import { ModalDialog } from '../ui/ModalDialog';
import { SelectField } from '../ui/SelectField';
import { buttonStyles, labelStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';

/**
 * "Assert the missing target" of a broken ref: a modal form prefilled with the target as entity
 * and the finding's scope; the operator names a relation and a value. Any live fact about the
 * target mends the ref. After the write, the page's findings reload.
 */
export function AssertTargetDialog({ open, onClose, target, scope, source }: { open: boolean; onClose: () => void; target: string; scope: string; source: string }) {
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
    <ModalDialog open={open} pending={pending} onCancel={onClose} labelledBy={`${ids}-title`} width="lg">
      <form onSubmit={submit} className="space-y-4 p-6" aria-labelledby={`${ids}-title`}>
        <div>
          <h2 id={`${ids}-title`} className="text-lg font-semibold">
            Assert the missing target
          </h2>
          <p className="mt-1 text-sm text-slate-600">A live fact about the target, in scope {scope}, mends every ref that points at it.</p>
        </div>
        <fieldset disabled={pending} className="space-y-3">
          <TextField id={`${ids}-entity`} label="Entity" required value={entity} onChange={(e) => setEntity(e.target.value)} mono />
          <div>
            <span className={labelStyles}>Scope</span>
            <p className="mt-1 text-sm capitalize text-slate-900">{scope}</p>
          </div>
          <TextField id={`${ids}-relation`} label="Relation" required pattern="\S+" title="A relation has no spaces" value={relation} onChange={(e) => setRelation(e.target.value)} placeholder="for example memory:name" mono autoFocus />
          <div className="grid gap-3 sm:grid-cols-[9rem_1fr]">
            <SelectField id={`${ids}-type`} label="Value type" value={type} onChange={(e) => setType(e.target.value as FactValueType)} options={VALUE_TYPES} />
            <TextField
              id={`${ids}-value`}
              label="Value"
              value={type === 'null' ? '' : raw}
              disabled={type === 'null'}
              onChange={(e) => setRaw(e.target.value)}
              placeholder={type === 'boolean' ? 'true or false' : type === 'datetime' ? '2026-05-02T14:00:00Z' : type === 'null' ? '(no value)' : ''}
            />
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
    </ModalDialog>
  );
}
