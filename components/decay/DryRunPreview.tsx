'use client';

import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useDecayDryRunQuery } from '@/lib/decay/hooks/use-decay-dry-run-query';
import { useDecayPoliciesQuery } from '@/lib/decay/hooks/use-decay-policies-query';
import { prepareDecayHistogram } from '@/lib/decay/view/prepare-decay-histogram';
import { FIGURES } from '@/lib/figures/figures';
import { DateTime } from '../ui/DateTime';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { Skeleton } from '../ui/Skeleton';
import { buttonStyles, cardStyles } from '../ui/styles';
import { ApplySweep } from './ApplySweep';
import { CursorPager } from '../ui/CursorPager';
import { DecayChangesTable } from './DecayChangesTable';
import { DecayHistogramChart } from './DecayHistogramChart';
import { DryRunStats } from './DryRunStats';
import { PolicyCountsTable } from './PolicyCountsTable';

const PAGE_SIZE = 25;

/** The dry run of a scope (or of one fact): counters, per policy, histogram, the changes, Apply. */
export function DryRunPreview({ scope, factId }: { scope: string; factId?: string | null }) {
  const policies = useDecayPoliciesQuery();
  // Cursors of the pages seen so far: the last one is the page on screen (null = first page).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];
  // After Apply the preview is recomputed; its line must not say "nothing was written" beside the sweep's result.
  const [applied, setApplied] = useState(false);
  const dryRun = useDecayDryRunQuery({ scope, fact_id: factId, cursor, limit: PAGE_SIZE }, { enabled: (policies.data?.length ?? 0) > 0 });

  if (policies.data && !policies.data.length) {
    return (
      <Notice title="Nothing to preview" testId="dry-run-no-policies">
        With no decay policy the sweeper is a no-op: a sweep of scope “{scope}” would change nothing.
      </Notice>
    );
  }
  if (dryRun.isError) {
    return (
      <Notice tone="error" title="The dry run failed" testId="dry-run-error">
        <p>{errorDetail(dryRun.error)}</p>
        <button type="button" onClick={() => void dryRun.refetch()} className={`${buttonStyles.secondary} mt-2`}>
          Try again
        </button>
      </Notice>
    );
  }
  if (!dryRun.data) {
    return (
      <div role="status" aria-live="polite" data-testid="dry-run-loading" className="space-y-3">
        <span className="sr-only">Running the dry run…</span>
        <Skeleton className="h-20" />
        <Skeleton className="h-56" />
      </div>
    );
  }

  const result = dryRun.data;
  const total = result.dry_run_would_retract + result.dry_run_would_reduce;
  const offset = (cursors.length - 1) * PAGE_SIZE;
  return (
    <div className="space-y-4" data-testid="dry-run" aria-busy={dryRun.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span data-testid="dry-run-when">
          {applied ? (
            <>
              Preview recomputed after the sweep, <DateTime iso={result.swept_at} />: what a further sweep would write.
            </>
          ) : (
            <>
              Dry run <DateTime iso={result.swept_at} /> — nothing was written.
            </>
          )}
        </span>
        <button type="button" onClick={() => (cursors.length > 1 ? setCursors([null]) : void dryRun.refetch())} disabled={dryRun.isFetching} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}>
          {dryRun.isFetching ? 'Running…' : 'Run again'}
        </button>
      </div>
      <div className={dryRun.isFetching ? 'opacity-60 transition-opacity' : undefined}>
        <DryRunStats result={result} />
      </div>
      <ApplySweep key={`${scope}:${factId ?? ''}`} preview={result} factId={factId} refreshing={dryRun.isFetching} onApplied={() => (setApplied(true), setCursors([null]))} />
      {total === 0 ? (
        <EmptyState title={factId ? 'This fact would not change now' : 'Nothing to decay right now'} testId="dry-run-nothing">
          {factId
            ? 'A sweep writes only for the newest fact of a live value whose relation a policy matches, once the value is old enough (or its confidence would drop by at least 0.01). Facts from system: sources and the stigmem: and rel: namespaces are never decayed.'
            : `No value in scope “${scope}” is old enough for its policy${result.facts_evaluated ? ` (${result.facts_evaluated.toLocaleString('en-US')} ${FIGURES.decay_reach.label.toLowerCase()} checked)` : ', or no policy matches its relations'}.`}
        </EmptyState>
      ) : (
        <>
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <div className={`${cardStyles} p-4`}>
              <PolicyCountsTable counts={result.counts_by_policy} />
            </div>
            <div className={`${cardStyles} p-4`}>
              <DecayHistogramChart histogram={prepareDecayHistogram(result.histogram)} />
            </div>
          </div>
          <section aria-labelledby="changes-title" className={cardStyles}>
            <h3 id="changes-title" className="border-b border-slate-200 px-4 py-3 text-sm font-medium text-slate-900">
              {FIGURES.decay_changes.label}: {offset + 1}–{offset + result.changes.length} of {total.toLocaleString('en-US')} ({FIGURES.decay_reach.label.toLowerCase()}: {result.facts_evaluated.toLocaleString('en-US')})
            </h3>
            <DecayChangesTable changes={result.changes} />
            <div className="border-t border-slate-200 px-4 py-2">
              <CursorPager cursors={cursors} onCursors={setCursors} nextCursor={result.next_cursor} busy={dryRun.isPlaceholderData} label="Pages of changes" />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
