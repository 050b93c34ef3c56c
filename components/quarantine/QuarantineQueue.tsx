'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import type { Announcement } from '@/lib/conflicts/hooks/use-queue-decisions';
import { useQueueShortcuts } from '@/lib/conflicts/hooks/use-queue-shortcuts';
import { moveSelection, selectionAfterDecision } from '@/lib/conflicts/view/queue-keys';
import { signalLabel } from '@/lib/integrity/view/signal-label';
import { type QuarantineDecision, useDecideQuarantineMutation } from '@/lib/quarantine/hooks/use-quarantine-mutations';
import type { QuarantineRecord, QuarantineStatus } from '@/lib/quarantine/quarantine-record';
import { QUARANTINE_SHORTCUTS, quarantineCommandForKey, type QuarantineCommand } from '@/lib/quarantine/view/quarantine-view';
import { QueueAnnouncer } from '../conflicts/QueueAnnouncer';
import { ShortcutLegend } from '../conflicts/ShortcutLegend';
import { EntityLink } from '../entities/EntityLink';
import { Chips } from '../ui/Chips';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { Link } from '../ui/Link';
import { StatusBadge } from '../ui/StatusBadge';
import { buttonStyles, linkStyles } from '../ui/styles';
import { InertValue } from './InertValue';

const DECIDED: Record<QuarantineDecision, QuarantineStatus> = { admit: 'promoted', reject: 'rejected' };

/**
 * The moderator's queue: each quarantined fact with its value shown inert, what the detectors saw,
 * who wrote it and who sent it here. One key admits or rejects the selected fact (several decisions
 * may be in flight); each outcome is announced, and the list reloads from the server behind it.
 */
export function QuarantineQueue({ items, emptyState }: { items: QuarantineRecord[]; emptyState: React.ReactNode }) {
  const router = useRouter();
  const decideMutation = useDecideQuarantineMutation();
  const [, startRefresh] = useTransition();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [decided, setDecided] = useState<ReadonlyMap<string, QuarantineStatus>>(new Map());
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  const focusNext = useRef<string | null>(null);
  const announce = (message: Omit<Announcement, 'id'>) => setAnnouncement({ ...message, id: Date.now() });

  const statusOf = (item: QuarantineRecord) => decided.get(item.fact_id) ?? item.quarantine_status;
  const waiting = items.filter((i) => statusOf(i) === 'pending').map((i) => i.fact_id);
  const ids = items.map((i) => i.fact_id);

  useEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    focusNext.current = null;
    rows.current.get(id)?.focus();
  });

  function select(id: string | null, focus: boolean) {
    setSelectedId(id);
    if (focus && id) focusNext.current = id;
  }

  function decide(item: QuarantineRecord, decision: QuarantineDecision) {
    const id = item.fact_id;
    if (saving.has(id)) return;
    if (statusOf(item) !== 'pending') return announce({ tone: 'info', text: `This fact was already ${statusOf(item)}.` });
    const next = selectionAfterDecision(waiting, id, saving);
    setSaving((s) => new Set(s).add(id));
    select(next, true);
    decideMutation.mutate(
      { factId: id, decision },
      {
        onSuccess: (record) => {
          setDecided((d) => new Map(d).set(id, record.quarantine_status));
          announce({ tone: 'success', text: `${decision === 'admit' ? 'Admitted' : 'Rejected and retracted'}: ${item.relation} of ${item.entity}.` });
          startRefresh(() => router.refresh());
        },
        onError: (error) => {
          const already = /already/.test(errorDetail(error));
          if (already) setDecided((d) => new Map(d).set(id, DECIDED[decision]));
          announce({ tone: already ? 'warning' : 'error', text: `${item.relation} of ${item.entity}: ${errorDetail(error)}` });
        },
        onSettled: () =>
          setSaving((s) => {
            const n = new Set(s);
            n.delete(id);
            return n;
          }),
      },
    );
  }

  useQueueShortcuts<QuarantineCommand>((command) => {
    if (command === 'next' || command === 'previous') return select(moveSelection(ids, selectedId, command === 'next' ? 1 : -1), true);
    const selected = items.find((i) => i.fact_id === selectedId);
    if (!selected) return announce({ tone: 'info', text: 'Select a fact first: press j or the down arrow.' });
    decide(selected, command);
  }, quarantineCommandForKey);

  const columns: Column<QuarantineRecord>[] = [
    {
      key: 'fact',
      header: 'Fact',
      rowHeader: true,
      className: 'max-w-64 min-w-44',
      cell: (i) => (
        <div className="space-y-0.5">
          <EntityLink entity={i.entity} />
          <div className="font-mono text-xs wrap-anywhere text-slate-700">{i.relation}</div>
          <div className="text-xs text-slate-500">scope {i.scope}</div>
        </div>
      ),
    },
    { key: 'value', header: 'Value', className: 'max-w-md min-w-64', cell: (i) => <InertValue value={i.value} /> },
    {
      key: 'signals',
      header: 'Signals',
      className: 'max-w-60 min-w-40',
      cell: (i) => (
        <div className="space-y-1">
          {i.score !== null && i.score > 0 ? <div className="text-xs text-slate-600">injection score <span className="font-medium tabular-nums text-slate-800">{i.score.toFixed(2)}</span></div> : null}
          <Chips items={[...new Set(i.signals.map(signalLabel))]} empty="none: sent by hand" />
        </div>
      ),
    },
    {
      key: 'source',
      header: 'Written by',
      className: 'max-w-52 min-w-36',
      cell: (i) => (
        <div className="space-y-0.5 text-xs">
          <Link href={`/sources?scope=${encodeURIComponent(i.scope)}&source=${encodeURIComponent(i.source)}`} className={`${linkStyles} font-mono wrap-anywhere`}>
            {i.source}
          </Link>
          <div className="text-slate-500">
            <DateTime iso={i.timestamp} />
          </div>
        </div>
      ),
    },
    {
      key: 'reason',
      header: 'Why it is here',
      className: 'max-w-64 min-w-44 text-xs text-slate-700',
      cell: (i) => (
        <div className="space-y-0.5">
          <div className="wrap-anywhere">{i.quarantine_reason}</div>
          <div className="text-slate-500">
            by <span className="font-mono wrap-anywhere">{i.requested_by}</span>, <DateTime iso={i.quarantined_at} />
          </div>
          {i.quarantine_acted_by ? (
            <div className="text-slate-500">
              {i.quarantine_status} by <span className="font-mono wrap-anywhere">{i.quarantine_acted_by}</span>
              {i.act_reason ? `: ${i.act_reason}` : ''}
            </div>
          ) : null}
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (i) => <StatusBadge status={statusOf(i)} testId="quarantine-status" /> },
  ];

  // The last decision empties the pending list: its outcome is still announced above the empty state.
  if (!items.length)
    return (
      <div className="space-y-3">
        <QueueAnnouncer message={announcement} />
        {emptyState}
      </div>
    );
  return (
    <div className="space-y-3">
      <ShortcutLegend shortcuts={QUARANTINE_SHORTCUTS} />
      <QueueAnnouncer message={announcement} />
      <DataTable
        columns={columns}
        rows={items}
        rowKey={(i) => i.fact_id}
        caption="Quarantined facts"
        testId="quarantine-table"
        rowProps={(i) => ({ 'data-testid': 'quarantine-row', 'data-fact-id': i.fact_id, 'data-queue-row': '' })}
        isSelected={(i) => i.fact_id === selectedId}
        rowFocus={{ tabStopKey: selectedId ?? items[0]?.fact_id, rowRef: (id) => (el) => {
            if (el) rows.current.set(id, el);
            else rows.current.delete(id);
          }, onFocusRow: (id) => select(id, false) }}
        rowActionsLabel="Decide"
        rowActions={(i) =>
          statusOf(i) === 'pending' ? (
            <div className="flex justify-end gap-2">
              <button type="button" disabled={saving.has(i.fact_id)} onClick={() => decide(i, 'admit')} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`} aria-label={`Admit ${i.relation} of ${i.entity}`}>
                Admit
              </button>
              <button type="button" disabled={saving.has(i.fact_id)} onClick={() => decide(i, 'reject')} className={`${buttonStyles.dangerOutline} px-2.5 py-1 text-xs`} aria-label={`Reject ${i.relation} of ${i.entity}`}>
                Reject
              </button>
            </div>
          ) : null
        }
      />
    </div>
  );
}
