'use client';

import { type FormEvent, useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useSaveDecayPolicyMutation } from '@/lib/decay/hooks/use-save-decay-policy-mutation';
import type { DecayPolicy } from '@/lib/decay/decay-policy';
import { DURATION_UNITS, type DurationUnit } from '@/lib/decay/view/format-duration';
import { EMPTY_POLICY_FORM, formToPolicyInput, type PolicyFormValues, policyToForm } from '@/lib/decay/view/policy-form';
import { FACT_SCOPES } from '@/lib/facts/scope';
import { Notice } from '../ui/Notice';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { buttonStyles, cardStyles, inputStyles, labelStyles } from '../ui/styles';

const MODES = [
  { mode: 'retract', title: 'Retract after a TTL', hint: 'Writes confidence 0.0 once a value is older than the TTL.' },
  { mode: 'confidence', title: 'Reduce confidence', hint: 'Halves confidence every half-life, down to a floor.' },
] as const;

function DurationField({ id, label, amount, unit, onChange }: { id: string; label: string; amount: string; unit: DurationUnit; onChange: (amount: string, unit: DurationUnit) => void }) {
  return (
    <div>
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <div className="w-28 shrink-0">
          <input id={id} inputMode="decimal" value={amount} onChange={(e) => onChange(e.target.value, unit)} className={inputStyles} />
        </div>
        <select aria-label={`${label} unit`} value={unit} onChange={(e) => onChange(amount, e.target.value as DurationUnit)} className={inputStyles}>
          {DURATION_UNITS.map((u) => (
            <option key={u.unit} value={u.unit}>
              {u.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** Add or edit a stored policy (admin). The API validates; its `detail` names the field at fault. */
export function DecayPolicyForm({ editing, onDone }: { editing: DecayPolicy | null; onDone: (saved: DecayPolicy | null) => void }) {
  const save = useSaveDecayPolicyMutation(editing?.id ?? null);
  const [values, setValues] = useState<PolicyFormValues>(editing ? policyToForm(editing) : EMPTY_POLICY_FORM);
  const set = (patch: Partial<PolicyFormValues>) => setValues((v) => ({ ...v, ...patch }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(formToPolicyInput(values), { onSuccess: (saved) => onDone(saved) });
  }

  return (
    <section aria-labelledby="policy-form-title" className={`${cardStyles} mb-4 p-5`} data-testid="policy-form">
      <h3 id="policy-form-title" className="text-base font-semibold text-slate-900">
        {editing ? (
          <>
            Edit policy <span className="font-mono">{editing.id}</span>
          </>
        ) : (
          'Add a policy'
        )}
      </h3>
      <form onSubmit={submit} className="mt-4 space-y-5" noValidate>
        <div className="grid gap-4 md:grid-cols-3">
          <TextField
            id="policy-id"
            label="Policy id"
            value={values.id}
            disabled={!!editing}
            onChange={(e) => set({ id: e.target.value })}
            placeholder="stale-roadmap-retract"
            mono
            inputClassName="disabled:bg-slate-50"
            hint="Letters, digits and . _ : -"
          />
          <TextField
            id="policy-relation"
            label="Relation"
            value={values.relation}
            onChange={(e) => set({ relation: e.target.value })}
            placeholder="memory:* or roadmap:status"
            mono
            hint="An exact relation, a namespace as prefix:*, or * for all."
          />
          <SelectField id="policy-scope" label="Scope" value={values.scope} onChange={(e) => set({ scope: e.target.value })} options={[{ value: '*', label: '* (every scope)' }, ...FACT_SCOPES]} />
        </div>
        <fieldset>
          <legend className={labelStyles}>Mode</legend>
          <div className="mt-2 grid gap-2 md:grid-cols-2">
            {MODES.map((m) => (
              <label
                key={m.mode}
                className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${values.mode === m.mode ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 hover:border-slate-300'}`}
              >
                <input type="radio" name="policy-mode" value={m.mode} checked={values.mode === m.mode} onChange={() => set({ mode: m.mode })} className="mt-0.5 accent-indigo-600" />
                <span>
                  <span className="block font-medium text-slate-900">{m.title}</span>
                  <span className="block text-slate-600">{m.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 md:grid-cols-3">
          {values.mode === 'retract' ? (
            <DurationField id="policy-ttl" label="TTL" amount={values.ttlAmount} unit={values.ttlUnit} onChange={(ttlAmount, ttlUnit) => set({ ttlAmount, ttlUnit })} />
          ) : (
            <>
              <DurationField id="policy-half-life" label="Half-life" amount={values.halfLifeAmount} unit={values.halfLifeUnit} onChange={(halfLifeAmount, halfLifeUnit) => set({ halfLifeAmount, halfLifeUnit })} />
              <TextField id="policy-floor" label="Floor (min confidence)" inputMode="decimal" value={values.minConfidence} onChange={(e) => set({ minConfidence: e.target.value })} className="max-w-40" />
            </>
          )}
          <TextField
            id="policy-exempt"
            label="Exempt relations"
            note="optional"
            value={values.exemptRelations}
            onChange={(e) => set({ exemptRelations: e.target.value })}
            placeholder="memory:pinned, memory:identity"
            mono
            hint="Separated by commas. stigmem: and rel: are always exempt."
            className={values.mode === 'retract' ? 'md:col-span-2' : undefined}
          />
        </div>
        {save.isError ? (
          <Notice tone="error" title="The policy was not saved" testId="policy-form-error">
            {errorDetail(save.error)}
          </Notice>
        ) : null}
        <div className="flex gap-2">
          <button type="submit" disabled={save.isPending} className={buttonStyles.primary}>
            {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create policy'}
          </button>
          <button type="button" onClick={() => onDone(null)} disabled={save.isPending} className={buttonStyles.secondary}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
