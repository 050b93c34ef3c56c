'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useSynthesisEntriesQuery } from '@/lib/synthesis/hooks/use-synthesis-entries-query';
import { useSynthesisStatsQuery } from '@/lib/synthesis/hooks/use-synthesis-stats-query';
import { totalsAt } from '@/lib/synthesis/view/stats-totals';
import { CursorPager } from '../ui/CursorPager';
import { EmptyState } from '../ui/EmptyState';
import { ExportLinks } from '../ui/ExportLinks';
import { Notice } from '../ui/Notice';
import { Skeleton } from '../ui/Skeleton';
import { buttonStyles, cardStyles } from '../ui/styles';
import { SynthesisDistribution, SynthesisTotalsLine } from './SynthesisStatsSummary';
import { SynthesisEntriesTable } from './SynthesisEntriesTable';
import { SynthesisFilters } from './SynthesisFilters';

const PAGE_SIZE = 50;
const SLIDER_SETTLE_MS = 250;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The entries view. include_expired and entity live in the URL (the server recomputes the chart's
 * buckets); min_confidence is a slider here that only hides entries, so it re-queries the page and
 * greys the chart without a server render. Pages follow the API's cursor.
 */
export function SynthesisEntriesPanel({
  scope,
  includeExpired,
  contradictedOnly = false,
  entity,
  initialMinConfidence,
}: {
  scope: string;
  includeExpired: boolean;
  contradictedOnly?: boolean;
  entity: string;
  initialMinConfidence: number;
}) {
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const [minConfidence, setMinConfidence] = useState(initialMinConfidence);
  const [queriedMin, setQueriedMin] = useState(initialMinConfidence);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];

  const urlFor = (next: { includeExpired: boolean; contradictedOnly: boolean; entity: string; min: number }) =>
    `/synthesis?${new URLSearchParams({
      scope,
      ...(next.includeExpired ? { include_expired: '1' } : {}),
      ...(next.contradictedOnly ? { contradicted: '1' } : {}),
      ...(next.entity ? { entity: next.entity } : {}),
      ...(next.min > 0 ? { min: next.min.toFixed(2) } : {}),
    })}`;

  // The slider settles before it asks the node; the URL follows without a server render.
  useEffect(() => {
    if (minConfidence === queriedMin) return;
    const timer = setTimeout(() => {
      setQueriedMin(minConfidence);
      setCursors([null]);
      window.history.replaceState(null, '', urlFor({ includeExpired, contradictedOnly, entity, min: minConfidence }));
    }, SLIDER_SETTLE_MS);
    return () => clearTimeout(timer);
    // urlFor reads only props that key this panel (a change remounts it).
  }, [minConfidence, queriedMin]);

  const navigate = (next: { includeExpired?: boolean; contradictedOnly?: boolean; entity?: string }) =>
    startNavigation(() =>
      router.replace(
        urlFor({ includeExpired: next.includeExpired ?? includeExpired, contradictedOnly: next.contradictedOnly ?? contradictedOnly, entity: next.entity ?? entity, min: minConfidence }),
        { scroll: false },
      ),
    );

  const query = useSynthesisEntriesQuery({ scope, entity: entity || null, min_confidence: queriedMin, include_expired: includeExpired, contradicted_only: contradictedOnly, cursor, limit: PAGE_SIZE });
  const page = query.data;
  // The scope's totals and chart come apart from the entries: a large scope's count may take a while.
  const stats = useSynthesisStatsQuery({ scope, entity: entity || null, include_expired: includeExpired });
  const totals = stats.data ? totalsAt(stats.data.stats, queriedMin) : null;
  const offset = (cursors.length - 1) * PAGE_SIZE;

  return (
    <div className="space-y-4">
      <div className={`${cardStyles} grid gap-6 p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]`}>
        <div className="space-y-4">
          <SynthesisFilters
            minConfidence={minConfidence}
            onMinConfidence={setMinConfidence}
            includeExpired={includeExpired}
            onIncludeExpired={(value) => navigate({ includeExpired: value })}
            contradictedOnly={contradictedOnly}
            onContradictedOnly={(value) => navigate({ contradictedOnly: value })}
            entity={entity}
            onEntity={(value) => navigate({ entity: value })}
            pending={navigating}
          />
          <SynthesisTotalsLine reading={stats.data} totals={totals} minConfidence={queriedMin} failed={stats.isError} />
          <ExportLinks
            href="/api/synthesis/export"
            params={{ scope, entity: entity || undefined, min: queriedMin > 0 ? queriedMin.toFixed(2) : undefined, include_expired: includeExpired ? '1' : undefined, contradicted: contradictedOnly ? '1' : undefined }}
            what="these entries"
            testId="synthesis-export"
          />
        </div>
        <SynthesisDistribution reading={stats.data} minConfidence={minConfidence} subject={entity ? `entity ${entity}` : `scope ${scope}`} failed={stats.isError} />
      </div>

      {query.isError ? (
        <Notice tone="error" title="Could not synthesize this scope" testId="synthesis-error">
          <p>{errorDetail(query.error)}</p>
          <button type="button" onClick={() => void query.refetch()} className={`${buttonStyles.secondary} mt-2`}>
            Try again
          </button>
        </Notice>
      ) : !page ? (
        <div role="status" aria-live="polite" data-testid="synthesis-loading" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
          <span className="sr-only">Synthesizing…</span>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-8" />
          ))}
        </div>
      ) : page.summary.length ? (
        <section aria-label="Entries" aria-busy={query.isFetching}>
          <p className="mb-2 text-xs text-slate-500">
            Entries {(offset + 1).toLocaleString('en-US')}–{(offset + page.summary.length).toLocaleString('en-US')}
            {totals ? ` of ${(contradictedOnly ? totals.contradiction_count : totals.entry_count).toLocaleString('en-US')}` : ''}
            {contradictedOnly ? ' contradicted' : ''}, by entity and relation
          </p>
          <SynthesisEntriesTable entries={page.summary} />
          <div className="mt-3">
            <CursorPager cursors={cursors} onCursors={setCursors} nextCursor={page.next_cursor} busy={query.isPlaceholderData} label="Pages of entries" />
          </div>
        </section>
      ) : (
        <EmptyState
          title={contradictedOnly && totals?.entry_count ? 'No contradicted entry' : totals?.filtered_count ? 'Every entry is below the threshold' : entity ? 'No entries for this entity' : 'Nothing live in this scope'}
          testId="synthesis-empty"
        >
          {contradictedOnly && totals?.entry_count
            ? `None of the ${plural(totals.entry_count, 'entry', 'entries')} shown with these filters is contradicted. Clear “Only contradicted” to see them.`
            : totals?.filtered_count
            ? `${plural(totals.filtered_count, 'entry', 'entries')} hidden below ${queriedMin.toFixed(2)}. Lower the minimum confidence to see them.`
            : entity
              ? `No live value of ${entity} in scope “${scope}”.`
              : `Scope “${scope}” has no live value${includeExpired ? '' : ' (expired and retracted values are hidden)'}. Assert facts with POST /v1/facts and they appear here.`}
        </EmptyState>
      )}
    </div>
  );
}
