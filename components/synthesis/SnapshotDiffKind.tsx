import Link from 'next/link';
import type { DiffRow } from '@/lib/client/use-snapshot-diff-query';
import { factValueText, formatConfidence } from '@/lib/synthesis-ui/fact-value-text';
import { conflictHref, entityHref } from '../conflicts/conflict-href';
import { ValueText } from '../ui/ValueText';
import { cardStyles, linkStyles } from '../ui/styles';

function Side({ value, confidence, contradicted }: { value: DiffRow['from_value']; confidence: number | null; contradicted: boolean | null }) {
  if (!value) return <span className="text-slate-400">—</span>;
  return (
    <span className="block">
      <ValueText text={factValueText(value)} />
      <span className="mt-0.5 block text-xs text-slate-500 tabular-nums">
        {formatConfidence(confidence)}
        {contradicted ? <span className="ml-1 font-medium text-orange-700">contradicted</span> : null}
      </span>
    </span>
  );
}

/** One kind of change between two snapshots (added, removed, value changed, …) as a table. */
export function SnapshotDiffKind({ kind, title, rows, total }: { kind: string; title: string; rows: DiffRow[]; total: number }) {
  return (
    <section aria-labelledby={`diff-${kind}-title`} className={cardStyles} data-testid={`diff-${kind}`}>
      <h4 id={`diff-${kind}-title`} className="flex items-baseline justify-between border-b border-slate-200 px-4 py-2 text-sm font-medium text-slate-900">
        {title}
        <span className="text-xs font-normal text-slate-500">{rows.length < total ? `first ${rows.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}` : total.toLocaleString('en-US')}</span>
      </h4>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[48rem] table-fixed divide-y divide-slate-100 text-sm">
          <caption className="sr-only">{title}</caption>
          <colgroup>
            <col className="w-[30%]" />
            <col className="w-[18%]" />
            <col className="w-[22%]" />
            <col className="w-[22%]" />
            <col className="w-[8%]" />
          </colgroup>
          <thead className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">Entity</th>
              <th scope="col" className="px-4 py-2">Relation</th>
              <th scope="col" className="px-4 py-2">Before</th>
              <th scope="col" className="px-4 py-2">After</th>
              <th scope="col" className="px-4 py-2"><span className="sr-only">Conflict</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {rows.map((r) => (
              <tr key={`${r.entity}\u0000${r.relation}`} data-testid="diff-row" data-entity={r.entity}>
                <td className="px-4 py-2">
                  <Link href={entityHref(r.entity)} className={`${linkStyles} font-mono text-xs wrap-anywhere`}>
                    {r.entity}
                  </Link>
                </td>
                <td className="px-4 py-2 font-mono text-xs wrap-anywhere">{r.relation}</td>
                <td className="px-4 py-2" data-testid="diff-before">
                  <Side value={r.from_value} confidence={r.from_confidence} contradicted={r.from_contradicted} />
                </td>
                <td className="px-4 py-2" data-testid="diff-after">
                  <Side value={r.to_value} confidence={r.to_confidence} contradicted={r.to_contradicted} />
                </td>
                <td className="px-4 py-2 text-right">
                  {r.conflict_id ? (
                    <Link href={conflictHref(r.conflict_id)} className={`${linkStyles} text-xs whitespace-nowrap`}>
                      Conflict →
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
