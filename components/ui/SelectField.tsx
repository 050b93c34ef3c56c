import type { ReactNode, SelectHTMLAttributes } from 'react';
import { inputStyles, labelStyles } from './styles';

export type SelectOption = string | { value: string; label: string };

/**
 * A labelled <select> over a list of options (a plain string is its own label). Works as a GET
 * form field (`name` + `defaultValue`) or controlled (`value` + `onChange`); `fit` sizes it to
 * its longest option instead of the column.
 */
export function SelectField({
  id,
  label,
  options,
  hint,
  fit = false,
  className,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'className'> & { id: string; label: ReactNode; options: readonly SelectOption[]; hint?: ReactNode; fit?: boolean; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <select id={id} {...select} className={`${inputStyles} mt-1 ${fit ? 'w-auto pr-8' : ''}`}>
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
