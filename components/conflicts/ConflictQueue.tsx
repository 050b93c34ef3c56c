'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useBulkAcceptMutation } from '@/lib/conflicts/hooks/use-bulk-accept-mutation';
import { type ContradictionsPage, useConflictsQuery } from '@/lib/conflicts/hooks/use-conflicts-query';
import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import { type BulkItem, planBulkAccept, summarizeBulk } from '@/lib/conflicts/view/bulk-accept';
import { suggestedIndex } from '@/lib/conflicts/view/conflict-view';
import { keptIndex, moveSelection, type QueueCommand, selectionAfterDecision } from '@/lib/conflicts/view/queue-keys';
import { type QueueFilters, queueHref, queueOrder, queueSortHref, type QueueSort } from '@/lib/conflicts/view/queue-filters';
import { useConfirmKeyDecisions } from '@/lib/conflicts/hooks/use-confirm-key-decisions';
import { ConfirmKeyDecision, type PendingKeyDecision } from './ConfirmKeyDecision';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { Pagination } from '../ui/Pagination';
import { BulkAcceptDialog } from './BulkAcceptDialog';
import { BulkReport } from './BulkReport';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';
import { QueueAnnouncer } from './QueueAnnouncer';
import { QueueTable } from './QueueTable';
import { QueueToolbar } from './QueueToolbar';
import { ShortcutLegend } from './ShortcutLegend';
import { type Announcement, type QueueAction, useQueueDecisions } from '@/lib/conflicts/hooks/use-queue-decisions';
import { useQueueShortcuts } from '@/lib/conflicts/hooks/use-queue-shortcuts';

/** The decision a command asks for, or null for navigation. */
const actionOf = (command: QueueCommand): QueueAction | null => (command === 'accept' || command === 'dismiss' || keptIndex(command) !== null ? (command as QueueAction) : null);

/**
 * The review queue: the page's contradictions (one per contradicted triple, every value side by
 * side) with keyboard selection, one-key decisions, and bulk accept of suggestions. Decided rows
 * leave the unresolved view at once; the list then refetches.
 */
export function ConflictQueue({
  filters,
  initialPage,
  fetchedAt,
  writableScopes,
  empty,
}: {
  filters: QueueFilters;
  initialPage: ContradictionsPage;
  fetchedAt: number;
  writableScopes: string[];
  empty: { title: string; text: string };
}) {
  const router = useRouter();
  const query = useConflictsQuery(filters, { initialData: initialPage, initialDataUpdatedAt: fetchedAt });
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const announce = useCallback((message: Omit<Announcement, 'id'>) => setAnnouncement((current) => ({ ...message, id: (current?.id ?? 0) + 1 })), []);
  const { decide, saving, decided, markDecided, undo, undoing } = useQueueDecisions(announce);
  const [confirmKeys, setConfirmKeys] = useConfirmKeyDecisions();
  const [pendingKey, setPendingKey] = useState<PendingKeyDecision | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [bulkItems, setBulkItems] = useState<BulkItem[] | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [bulkSummary, setBulkSummary] = useState<ReturnType<typeof summarizeBulk> | null>(null);
  const bulk = useBulkAcceptMutation((done, total) => setProgress({ done, total }));
  const rowElements = useRef(new Map<string, HTMLTableRowElement>());
  const focusNext = useRef<string | null>(null);

  const conflicts = useMemo(() => {
    const all = query.data?.contradictions ?? [];
    return filters.status === 'unresolved' ? all.filter((c) => !decided.has(c.contradiction_id)) : all;
  }, [query.data, decided, filters.status]);
  const ids = useMemo(() => conflicts.map((c) => c.contradiction_id), [conflicts]);
  const canDecide = useCallback((c: ContradictionRecord) => writableScopes.includes(c.scope), [writableScopes]);
  const markableIds = conflicts
    .filter((c) => c.status === 'unresolved' && suggestedIndex(c) !== null && canDecide(c) && !saving.has(c.contradiction_id) && !decided.has(c.contradiction_id))
    .map((c) => c.contradiction_id);
  const markedIds = markableIds.filter((id) => marked.has(id));

  useEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    // A row that is not there yet (a reopened contradiction before the refetch) is focused when it arrives.
    const row = rowElements.current.get(id);
    if (!row) return;
    focusNext.current = null;
    row.focus();
  });

  function select(id: string | null, focus: boolean) {
    setSelectedId(id);
    if (focus && id) focusNext.current = id;
  }

  function act(conflict: ContradictionRecord, action: QueueAction) {
    if (!canDecide(conflict)) {
      announce({ tone: 'error', text: `This key cannot write scope “${conflict.scope}”: deciding needs the write permission.` });
      return;
    }
    const next = selectionAfterDecision(ids, conflict.contradiction_id, saving);
    if (decide(conflict, action)) {
      setMarked((current) => new Set([...current].filter((id) => id !== conflict.contradiction_id)));
      if (filters.status === 'unresolved') select(next, true);
    }
  }

  function undoDecision(id?: string) {
    void undo(id).then((result) => {
      if (result?.reopened_contradiction_id) select(result.reopened_contradiction_id, true);
    });
  }

  function onCommand(command: QueueCommand) {
    if (command === 'next' || command === 'previous') return select(moveSelection(ids, selectedId, command === 'next' ? 1 : -1), true);
    if (command === 'undo') return undoDecision();
    const selected = conflicts.find((c) => c.contradiction_id === selectedId);
    if (!selected) return announce({ tone: 'info', text: 'Select a contradiction first: press j or the down arrow.' });
    if (command === 'open') return router.push(conflictHref(selected.contradiction_id, undefined, { from: queueHref(filters, { cursor: filters.cursor }) }));
    if (command === 'toggle') {
      if (!markableIds.includes(selected.contradiction_id)) return announce({ tone: 'info', text: 'Only contradictions with a suggestion that you can decide can be marked for bulk accept.' });
      return toggleMark(selected.contradiction_id);
    }
    const action = actionOf(command);
    if (action && selected.status !== 'unresolved') return announce({ tone: 'info', text: 'This contradiction is already decided.' });
    if (!action) return;
    // With "confirm keyboard decisions" on, a key only asks; the dialog's confirm decides.
    if (confirmKeys && canDecide(selected)) return setPendingKey({ contradiction: selected, action });
    act(selected, action);
  }
  useQueueShortcuts(onCommand);

  function toggleMark(id: string) {
    setMarked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  function confirmBulk() {
    if (!bulkItems) return;
    setProgress({ done: 0, total: bulkItems.length });
    bulk.mutate(bulkItems, {
      onSuccess: (outcomes) => {
        const summary = summarizeBulk(outcomes);
        markDecided([...summary.accepted, ...summary.alreadyDecided].map((o) => o.item.conflictId));
        setMarked(new Set());
        setBulkSummary(summary);
        announce({ tone: summary.failed.length ? 'error' : summary.alreadyDecided.length ? 'warning' : 'success', text: summary.message });
      },
      onError: (error) => announce({ tone: 'error', text: `Bulk accept stopped: ${errorDetail(error)}` }),
      onSettled: () => {
        setBulkItems(null);
        setProgress(null);
      },
    });
  }

  const rowRef = (id: string) => (el: HTMLTableRowElement | null) => {
    if (el) rowElements.current.set(id, el);
    else rowElements.current.delete(id);
  };
  const cursor = query.data?.cursor ?? null;
  const order = queueOrder(filters);

  return (
    <div className="space-y-3">
      <ShortcutLegend>
        <label className="mt-1.5 flex w-fit items-center gap-2 text-xs text-slate-700">
          <input type="checkbox" checked={confirmKeys} onChange={(e) => setConfirmKeys(e.target.checked)} className="h-4 w-4 accent-indigo-600" data-testid="confirm-key-decisions" />
          Ask before a key decides (a, 1–9, d) — this browser only
        </label>
      </ShortcutLegend>
      <QueueAnnouncer message={announcement} onUndo={undoDecision} undoing={undoing} />
      {bulkSummary ? <BulkReport summary={bulkSummary} onClose={() => setBulkSummary(null)} /> : null}
      {query.isError ? (
        <Notice tone="error" title="Could not refresh the queue">
          {errorDetail(query.error)}
        </Notice>
      ) : null}
      {conflicts.length ? (
        <>
          <QueueToolbar
            status={filters.status}
            offset={query.data?.offset ?? 0}
            shown={conflicts.length}
            total={query.data?.total ?? conflicts.length}
            marked={markedIds.length}
            onBulkAccept={() => setBulkItems(planBulkAccept(conflicts, new Set(markedIds)))}
          />
          <QueueTable
            contradictions={conflicts}
            selectedId={selectedId}
            marked={marked}
            saving={saving}
            decided={decided}
            canDecide={canDecide}
            markableIds={markableIds}
            rowRef={rowRef}
            onSelect={(id) => select(id, false)}
            onToggleMark={toggleMark}
            onMarkAll={(on) => setMarked(on ? new Set(markableIds) : new Set())}
            onAction={act}
            sort={{ ...order, key: order.sort, href: (key) => queueSortHref(filters, key as QueueSort) }}
            from={queueHref(filters, { cursor: filters.cursor })}
          />
        </>
      ) : (
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      )}
      <Pagination isFirstPage={!filters.cursor} firstHref={queueHref(filters, { cursor: undefined })} nextHref={cursor ? queueHref(filters, { cursor }) : null} />
      <ConfirmKeyDecision
        pending={pendingKey}
        onConfirm={() => {
          const confirmed = pendingKey;
          setPendingKey(null);
          if (confirmed) act(confirmed.contradiction, confirmed.action);
        }}
        onCancel={() => setPendingKey(null)}
      />
      <BulkAcceptDialog items={bulkItems} progress={progress} onConfirm={confirmBulk} onCancel={() => setBulkItems(null)} />
    </div>
  );
}
