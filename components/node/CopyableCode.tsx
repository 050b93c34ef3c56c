import { CopyButton } from '../ui/CopyButton';

/** A labelled code block (one line or a JSON config) with a copy button. */
export function CopyableCode({ title, text, copyLabel, testId, block = false }: { title: string; text: string; copyLabel: string; testId: string; block?: boolean }) {
  return (
    <div className="min-w-0">
      <div className="mb-1 flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{title}</span>
        <CopyButton text={text} label={copyLabel} />
      </div>
      {block ? (
        <pre data-testid={testId} className="palette-fixed overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100">
          <code>{text}</code>
        </pre>
      ) : (
        <code data-testid={testId} className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm wrap-anywhere text-slate-900">
          {text}
        </code>
      )}
    </div>
  );
}
