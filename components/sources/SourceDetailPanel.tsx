import { Chips } from '@/components/ui/Chips';
import { DataTable, type Column } from '@/components/ui/DataTable';
import { DateTime } from '@/components/ui/DateTime';
import { Link } from '@/components/ui/Link';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { cardStyles, linkStyles } from '@/components/ui/styles';
import { ValueText } from '@/components/ui/ValueText';
import { signalLabel } from '@/lib/integrity/view/signal-label';
import type { SourceContradiction, SourceDetail, SourceFinding } from '@/lib/sources/source-detail';
import { formatShare, winShare } from '@/lib/sources/view/sources-view';
import type { ReactNode } from 'react';
import { OutcomeBar } from './OutcomeBar';

const count = (n: number) => n.toLocaleString('en-US');

/** Outcomes in the badge vocabulary: a win reads as kept, a loss as retracted. */
const BADGE: Record<SourceContradiction['outcome'], string> = { open: 'unresolved', won: 'kept', lost: 'retracted', dismissed: 'dismissed', closed: 'superseded' };

function Stat({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 px-3 py-2" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

const triple = (scope: string, entity: string, relation: string | null) => (
  <Link href={`/entities/${encodeURIComponent(entity)}`} className={`${linkStyles} font-mono text-xs wrap-anywhere`} title={`${entity} in ${scope}`}>
    {entity}
    {relation ? <span className="text-slate-600"> · {relation}</span> : null}
  </Link>
);

/** One source in detail: its counts, how its contradictions ended, and the evidence behind them. */
export function SourceDetailPanel({ detail, closeHref }: { detail: SourceDetail; closeHref: string }) {
  const s = detail.summary;
  const won = winShare(s);
  const contradictionColumns: Column<SourceContradiction>[] = [
    { key: 'triple', header: 'Entity · relation', className: 'min-w-48 max-w-80', cell: (c) => triple(detail.scope, c.entity, c.relation) },
    { key: 'outcome', header: 'Outcome', className: 'whitespace-nowrap', cell: (c) => <span title={c.outcome}><StatusBadge status={BADGE[c.outcome]} /> <span className="text-xs text-slate-700">{c.outcome}</span></span> },
    { key: 'value', header: 'Its value', className: 'min-w-32 max-w-72 text-xs', cell: (c) => (c.value ? <ValueText value={c.value} /> : <span className="text-slate-600 italic">in quarantine</span>) },
    { key: 'winner', header: 'Kept', className: 'min-w-32 max-w-72 text-xs', cell: (c) => (c.winner_value ? <ValueText value={c.winner_value} /> : <span className="text-slate-500">—</span>) },
    {
      key: 'decided',
      header: 'Decided',
      className: 'text-xs whitespace-nowrap',
      cell: (c) =>
        c.conflict_id ? (
          <Link href={`/conflicts/${encodeURIComponent(c.conflict_id)}`} className={linkStyles}>
            Decide →
          </Link>
        ) : c.resolved_at ? (
          <span>
            <DateTime iso={c.resolved_at} /> <span className="text-slate-600">· {c.resolution_basis}{c.resolved_by ? ` by ${c.resolved_by}` : ''}</span>
          </span>
        ) : (
          <span className="text-slate-500">settled by a later write</span>
        ),
    },
  ];
  const findingColumns: Column<SourceFinding>[] = [
    { key: 'check', header: 'Check', className: 'whitespace-nowrap', cell: (f) => <span className="font-medium text-slate-900">{f.check}</span> },
    { key: 'severity', header: 'Severity', className: 'whitespace-nowrap text-xs', cell: (f) => f.severity },
    { key: 'triple', header: 'Entity · relation', className: 'min-w-48 max-w-80', cell: (f) => triple(detail.scope, f.entity, f.relation) },
    {
      key: 'what',
      header: 'What was found',
      className: 'min-w-48 text-xs',
      cell: (f) =>
        f.check === 'stale' ? (
          <span>
            Expired <DateTime iso={f.valid_until} />
          </span>
        ) : (
          <span className="flex flex-wrap items-center gap-1">
            {f.score !== null ? <span className="tabular-nums">score {f.score.toFixed(2)}</span> : null}
            <Chips items={f.signals.map(signalLabel)} empty="—" />
          </span>
        ),
    },
    {
      key: 'fix',
      header: 'Remediate',
      className: 'whitespace-nowrap text-xs',
      cell: (f) => (
        <Link href={`/scopes/${detail.scope}?check=${f.check}&q=${encodeURIComponent(f.entity)}`} className={linkStyles}>
          On the scope page →
        </Link>
      ),
    },
  ];
  return (
    <section aria-labelledby="source-detail-title" className={`${cardStyles} mb-6 p-4`} data-testid="source-detail">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Source in {detail.scope}</p>
          <h2 id="source-detail-title" className="font-mono text-base font-semibold wrap-anywhere text-slate-900">
            {s.source}
          </h2>
          <p className="text-xs text-slate-600">
            Wrote from <DateTime iso={s.first_write} /> to <DateTime iso={s.last_write} />
            {s.system ? ' · the node’s own bookkeeping' : ''}
          </p>
        </div>
        <Link href={closeHref} className={`${linkStyles} text-sm`}>
          Close
        </Link>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Facts written" value={count(s.facts)} hint={`${count(s.retractions)} retractions`} testId="source-stat-facts" />
        <Stat label="Values it holds" value={count(s.values_held)} hint={`${count(s.live_values)} live`} />
        <Stat label="Stale share" value={formatShare(s.stale_share)} hint={`${count(s.stale)} expired, never retracted`} testId="source-stat-stale" />
        <Stat label="Decided for it" value={won === null ? '—' : formatShare(won)} hint={`${count(s.contradictions.won)} won · ${count(s.contradictions.lost)} lost`} testId="source-stat-won" />
        <Stat label="Injection · sensitive" value={`${count(s.findings.injection)} · ${count(s.findings.sensitive)}`} hint="lint findings on its values" testId="source-stat-flagged" />
        <Stat label="In quarantine" value={count(s.quarantine.pending + s.quarantine.rejected)} hint={`${count(s.quarantine.pending)} pending · ${count(s.quarantine.rejected)} rejected · ${count(s.quarantine.admitted)} admitted`} />
      </dl>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Contradictions it took part in ({count(s.contradictions.total)})</h3>
      <OutcomeBar summary={s} legend />
      {detail.contradictions.length ? (
        <div className="mt-3">
          <DataTable columns={contradictionColumns} rows={detail.contradictions} rowKey={(c) => c.contradiction_id} caption={`Contradictions of ${s.source}, newest first`} variant="inset" density="compact" testId="source-contradictions" rowProps={(c) => ({ 'data-outcome': c.outcome })} />
          {s.contradictions.total > detail.contradictions.length ? <p className="mt-1 text-xs text-slate-600">The {count(detail.contradictions.length)} newest of {count(s.contradictions.total)}.</p> : null}
        </div>
      ) : null}
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Findings on its values</h3>
      <DataTable
        columns={findingColumns}
        rows={detail.findings}
        rowKey={(f) => `${f.check}:${f.fact_id}`}
        caption={`Injection, sensitive and stale findings on the values of ${s.source}`}
        variant="inset"
        density="compact"
        testId="source-findings"
        rowProps={(f) => ({ 'data-check': f.check })}
        empty={<p className="text-sm text-slate-600">No injection, sensitive or stale finding on its values.</p>}
      />
    </section>
  );
}
