'use client';

import { type FormEvent, useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { type ContextParams, useContextQuery } from '@/lib/context/hooks/use-context-query';
import { parseRelationList } from '@/lib/decay/view/policy-form';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { Skeleton } from '../ui/Skeleton';
import { buttonStyles, cardStyles, inputStyles, labelStyles } from '../ui/styles';
import { CopyButton } from '../ui/CopyButton';
import { MarkdownView } from './MarkdownView';

/** What POST /v1/context would hand an agent for this scope: the Spec-19 block, rendered and raw. */
export function ContextPreviewPanel({ scope }: { scope: string }) {
  const [draft, setDraft] = useState({ entity: '', minConfidence: '0', namespaces: '' });
  const [params, setParams] = useState<ContextParams>({ scope, entity: null, min_confidence: 0, namespaces: [] });
  const context = useContextQuery(params);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const min = Number(draft.minConfidence);
    setParams({
      scope,
      entity: draft.entity.trim() || null,
      min_confidence: Number.isFinite(min) ? min : 0,
      namespaces: parseRelationList(draft.namespaces).map((ns) => ns.replace(/:$/, '')),
    });
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className={`${cardStyles} flex flex-wrap items-end gap-4 p-4`} aria-label="Context options">
        <div className="w-full sm:w-80">
          <label htmlFor="context-entity" className={labelStyles}>
            Entity <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input id="context-entity" value={draft.entity} onChange={(e) => setDraft({ ...draft, entity: e.target.value })} placeholder="stigmem://acme/user/alice" className={`${inputStyles} mt-1 font-mono`} />
        </div>
        <div className="w-32">
          <label htmlFor="context-min" className={labelStyles}>
            Min confidence
          </label>
          <input id="context-min" type="number" min={0} max={1} step={0.05} value={draft.minConfidence} onChange={(e) => setDraft({ ...draft, minConfidence: e.target.value })} className={`${inputStyles} mt-1`} />
        </div>
        <div className="w-full sm:w-56">
          <label htmlFor="context-namespaces" className={labelStyles}>
            Namespaces <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input id="context-namespaces" value={draft.namespaces} onChange={(e) => setDraft({ ...draft, namespaces: e.target.value })} placeholder="memory, intent" className={`${inputStyles} mt-1 font-mono`} />
        </div>
        <button type="submit" className={buttonStyles.primary}>
          Preview
        </button>
        <p className="basis-full text-xs text-slate-500">The winning value of each live triple, highest confidence first, at most 100 facts — grouped by relation namespace as Spec-19 prescribes.</p>
      </form>

      {context.isError ? (
        <Notice tone="error" title="Could not build the context" testId="context-error">
          {errorDetail(context.error)}
        </Notice>
      ) : !context.data ? (
        <div role="status" aria-live="polite" className="grid gap-4 lg:grid-cols-2">
          <span className="sr-only">Building the context…</span>
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : !context.data.summary ? (
        <EmptyState title="The agent would receive no context" testId="context-empty">
          No fact matches, so the block is omitted entirely (Spec-19: an empty block is not sent).
        </EmptyState>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy={context.isFetching}>
          <section aria-labelledby="context-rendered-title" className={`${cardStyles} min-w-0 p-4`}>
            <h3 id="context-rendered-title" className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Rendered · {context.data.facts.length.toLocaleString('en-US')} facts
            </h3>
            {/* A scrolling box is a named tab stop, so it scrolls from the keyboard too. */}
            <div className="max-h-[32rem] overflow-y-auto focus-visible:outline-2 focus-visible:outline-indigo-600" tabIndex={0} role="region" aria-label="The context, rendered">
              <MarkdownView source={context.data.summary} />
            </div>
          </section>
          <section aria-labelledby="context-raw-title" className={`${cardStyles} min-w-0 p-4`}>
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 id="context-raw-title" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Raw Markdown
              </h3>
              <CopyButton text={context.data.summary} label="Copy Markdown">
                Copy Markdown
              </CopyButton>
            </div>
            <pre data-testid="context-raw" tabIndex={0} role="region" aria-label="The context as text" className="max-h-[32rem] overflow-auto rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600 bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap text-slate-100 wrap-anywhere">
              {context.data.summary}
            </pre>
          </section>
        </div>
      )}
    </div>
  );
}
