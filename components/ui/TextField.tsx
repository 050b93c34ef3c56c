import type { InputHTMLAttributes, ReactNode } from 'react';
import { inputStyles, labelStyles } from './styles';

/**
 * A labelled text input: `note` reads "(optional)"-style after the label, `hint` sits below, and
 * `mono` sets URIs and relations in the code font. Uncontrolled or controlled, like any <input>.
 */
export function TextField({
  id,
  label,
  note,
  hint,
  mono = false,
  className,
  inputClassName = '',
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { id: string; label: ReactNode; note?: string; hint?: ReactNode; mono?: boolean; className?: string; inputClassName?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelStyles}>
        {label}
        {note ? <span className="font-normal text-slate-500"> ({note})</span> : null}
      </label>
      <input id={id} {...input} className={`${inputStyles} mt-1 ${mono ? 'font-mono' : ''} ${inputClassName}`} />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
