import type { FactValue } from '@/lib/facts/fact-value';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { inertLine } from '@/lib/text/inert-text.mjs';

const PREVIEW_CHARS = 400;

/**
 * A quarantined value shown as data, never as something to follow: one line in the code font, line
 * breaks as ⏎, hidden characters (zero-width, bidi, tag characters) removed and said so, inside a
 * box that marks it as quoted. React escapes it; nothing in it becomes markup or a link.
 */
export function InertValue({ value }: { value: FactValue }) {
  const { text, changes } = inertLine(factValueText(value));
  const body = (shown: string) => <span className="font-mono text-xs whitespace-pre-wrap wrap-anywhere text-slate-800">{shown}</span>;
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50/60 px-2 py-1.5" data-testid="inert-value">
      <span className="sr-only">Quarantined value, shown as text: </span>
      {text.length <= PREVIEW_CHARS ? (
        body(text)
      ) : (
        <details>
          <summary className="cursor-pointer list-none marker:hidden">
            {body(`${text.slice(0, PREVIEW_CHARS)}…`)}
            <span className="ml-1 text-xs font-medium whitespace-nowrap text-indigo-700">all {text.length.toLocaleString('en-US')} characters</span>
          </summary>
          <div className="mt-1 max-h-80 overflow-y-auto">{body(text)}</div>
        </details>
      )}
      {changes.length ? (
        <p className="mt-1 text-[11px] text-amber-800" data-testid="inert-value-changes">
          Shown inert: {changes.map((c) => c.replaceAll('_', ' ')).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}
