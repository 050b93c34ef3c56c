import type { FactValue } from '@/lib/facts/fact-value';
import { factValueText } from '@/lib/facts/view/fact-value-text';

// A fact value (or any value already as text). Long values are cut to a preview that expands in
// place, and any value wraps anywhere so a long URI or token never widens its table.

const PREVIEW_CHARS = 160;

type ValueTextProps = { text: string; type?: string } | { value: FactValue; showType?: boolean };

export function ValueText(props: ValueTextProps) {
  const text = 'value' in props ? factValueText(props.value) : props.text;
  const type = 'value' in props ? (props.showType ? props.value.type : undefined) : props.type;
  const typeBadge = type ? <span className="mr-1.5 rounded bg-slate-100 px-1 py-0.5 font-mono text-[10px] uppercase tracking-wide text-slate-600">{type}</span> : null;
  if (text.length <= PREVIEW_CHARS) {
    return (
      <span className="whitespace-pre-wrap wrap-anywhere">
        {typeBadge}
        {text}
      </span>
    );
  }
  return (
    <details className="group">
      <summary className="cursor-pointer list-none wrap-anywhere marker:hidden focus-visible:outline-2 focus-visible:outline-indigo-600">
        {typeBadge}
        <span className="group-open:hidden">{text.slice(0, PREVIEW_CHARS)}…</span>
        <span className="ml-1 text-xs font-medium whitespace-nowrap text-indigo-700 group-open:hidden">show all {text.length.toLocaleString('en-US')} characters</span>
        <span className="hidden text-xs font-medium text-indigo-700 group-open:inline">hide full value</span>
      </summary>
      <div className="mt-1 max-h-80 overflow-y-auto rounded-md bg-slate-50 p-2 whitespace-pre-wrap wrap-anywhere">{text}</div>
    </details>
  );
}
