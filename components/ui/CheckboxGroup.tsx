'use client';

import { labelStyles } from './styles';

function toggle<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...new Set([...list, item])] : list.filter((x) => x !== item);
}

/** A fieldset of checkboxes over a fixed list of options, as a controlled list of the checked ones. */
export function CheckboxGroup<T extends string>({
  legend,
  hint,
  options,
  selected,
  onChange,
  hints,
}: {
  legend: string;
  hint: string;
  options: readonly T[];
  selected: T[];
  onChange: (next: T[]) => void;
  hints?: Record<T, string>;
}) {
  return (
    <fieldset>
      <legend className={labelStyles}>{legend}</legend>
      <p className="text-xs text-slate-500">{hint}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600"
          >
            <input type="checkbox" name={legend} value={option} checked={selected.includes(option)} onChange={(e) => onChange(toggle(selected, option, e.target.checked))} className="accent-indigo-600" />
            <span className="font-medium text-slate-800">{option}</span>
            {hints ? <span className="hidden text-xs text-slate-600 sm:inline">{hints[option]}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
