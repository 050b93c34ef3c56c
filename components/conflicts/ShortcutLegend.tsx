import type { ReactNode } from 'react';
import { SHORTCUTS } from '@/lib/conflicts/view/queue-keys';

/** A queue's keyboard shortcuts (the conflicts queue's by default), always visible next to the list; `children`: the queue's settings for its keys, after the list. */
export function ShortcutLegend({ shortcuts = SHORTCUTS, children }: { shortcuts?: { keys: string[]; label: string }[]; children?: ReactNode }) {
  return (
    <section aria-label="Keyboard shortcuts" data-testid="shortcut-legend" className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-600">
      <h2 className="sr-only">Keyboard shortcuts</h2>
      <dl className="flex flex-wrap gap-x-4 gap-y-1">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.label} className="flex items-center gap-1.5">
            <dt className="flex gap-0.5">
              {shortcut.keys.map((key, i) => (
                <span key={key} className="flex items-center gap-0.5">
                  {i ? <span className="sr-only">or</span> : null}
                  <kbd className="min-w-5 rounded border border-slate-300 bg-slate-50 px-1 text-center font-mono text-[11px] text-slate-800 shadow-[0_1px_0_0_var(--color-slate-300)]">{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{shortcut.label}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
