import Link from 'next/link';
import type { ConflictRecord } from '@/lib/conflicts/conflict-record';
import { renderValue } from '@/lib/facts/fact-value';
import { DateTime } from '../ui/DateTime';
import { StatusBadge } from '../ui/StatusBadge';
import { ValueText } from '../ui/ValueText';
import { cardStyles, linkStyles } from '../ui/styles';
import { conflictHref, entityHref } from './conflict-href';

function conflictStatus(conflict: ConflictRecord): string {
  return conflict.resolution_basis === 'dismissed' ? 'dismissed' : conflict.status;
}

/** Conflicts as a table: the triple, both values, when it was detected, and a link to review it. */
export function ConflictTable({ conflicts }: { conflicts: ConflictRecord[] }) {
  return (
    <div className={`${cardStyles} overflow-x-auto`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="conflict-table">
        <caption className="sr-only">Conflicts</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Entity</th>
            <th scope="col" className="px-4 py-3">Relation</th>
            <th scope="col" className="px-4 py-3">Value A</th>
            <th scope="col" className="px-4 py-3">Value B</th>
            <th scope="col" className="px-4 py-3">Scope</th>
            <th scope="col" className="px-4 py-3">Detected</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {conflicts.map((c) => (
            <tr key={c.conflict_id} data-testid="conflict-row" className="hover:bg-slate-50/60">
              <td className="max-w-56 px-4 py-3">
                <Link href={entityHref(c.entity)} className={`${linkStyles} font-mono text-xs wrap-anywhere`}>
                  {c.entity}
                </Link>
              </td>
              <td className="max-w-40 px-4 py-3 font-mono text-xs wrap-anywhere">{c.relation}</td>
              <td className="max-w-64 px-4 py-3">{c.fact_a ? <ValueText text={renderValue(c.fact_a.value)} /> : <span className="text-slate-500">(unknown fact)</span>}</td>
              <td className="max-w-64 px-4 py-3">{c.fact_b ? <ValueText text={renderValue(c.fact_b.value)} /> : <span className="text-slate-500">(unknown fact)</span>}</td>
              <td className="px-4 py-3 capitalize">{c.scope}</td>
              <td className="px-4 py-3 text-slate-600"><DateTime iso={c.detected_at} /></td>
              <td className="px-4 py-3"><StatusBadge status={conflictStatus(c)} /></td>
              <td className="px-4 py-3 text-right">
                <Link href={conflictHref(c.conflict_id)} className={`${linkStyles} whitespace-nowrap`} aria-label={`Review conflict on ${c.entity} ${c.relation}`}>
                  Review →
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
