'use client';

import type { FactValueType } from '@/lib/facts/fact-value';
import { VALUE_TYPE_HINTS, VALUE_TYPES } from '@/lib/facts/fact-value-input';
import { SelectField } from '../ui/SelectField';
import { inputStyles, labelStyles } from '../ui/styles';

/** A typed FactValue: the type, then a control that fits it (none for null). */
export function FactValueFields({
  type,
  raw,
  error,
  onChange,
}: {
  type: FactValueType;
  raw: string;
  error: string | null;
  onChange: (next: { type: FactValueType; raw: string }) => void;
}) {
  const describedBy = `new-value-hint${error ? ' new-value-error' : ''}`;
  const valueControl = (() => {
    const common = { id: 'new-value', 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined } as const;
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return (
          <select {...common} value={raw} onChange={(e) => onChange({ type, raw: e.target.value })} className={`${inputStyles} mt-1 w-auto pr-8`}>
            <option value="">Choose…</option>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        );
      case 'text':
        return <textarea {...common} rows={4} value={raw} onChange={(e) => onChange({ type, raw: e.target.value })} className={`${inputStyles} mt-1`} />;
      default:
        return (
          <input
            {...common}
            type="text"
            inputMode={type === 'number' ? 'decimal' : undefined}
            value={raw}
            onChange={(e) => onChange({ type, raw: e.target.value })}
            placeholder={type === 'datetime' ? '2026-05-02T14:00:00Z' : undefined}
            className={`${inputStyles} mt-1 ${type === 'ref' || type === 'datetime' ? 'font-mono' : ''}`}
          />
        );
    }
  })();

  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[10rem_1fr]">
      <legend className="px-1 text-sm font-medium text-slate-700">New value</legend>
      <SelectField
        id="new-value-type"
        label="Type"
        value={type}
        onChange={(e) => onChange({ type: e.target.value as FactValueType, raw: e.target.value === 'boolean' ? '' : raw })}
        options={VALUE_TYPES}
      />
      <div className="min-w-0">
        {valueControl ? (
          <label htmlFor="new-value" className={labelStyles}>
            Value
          </label>
        ) : (
          <span className={labelStyles}>Value</span>
        )}
        {valueControl}
        <p id="new-value-hint" className="mt-1 text-xs text-slate-500">
          {VALUE_TYPE_HINTS[type]}
        </p>
        {error ? (
          <p id="new-value-error" className="mt-1 text-xs font-medium text-rose-700">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
