import type { EntityFact } from '@/lib/facts/entity-history';
import { renderValue } from '@/lib/facts/fact-value';
import { DateTime } from '../ui/DateTime';
import { StatusBadge } from '../ui/StatusBadge';
import { ValueText } from '../ui/ValueText';
import { cardStyles } from '../ui/styles';
import { FactProvenance } from './FactProvenance';

/** Every fact of an entity, newest HLC first, with what each one is now. */
export function FactHistoryTable({ facts }: { facts: EntityFact[] }) {
  return (
    <div className={`${cardStyles} overflow-x-auto`}>
      <table className="w-full min-w-[72rem] table-fixed divide-y divide-slate-200 text-sm" data-testid="fact-history">
        <caption className="sr-only">Facts of this entity, newest first</caption>
        <colgroup>
          <col className="w-26" />
          <col className="w-32" />
          <col />
          <col className="w-16" />
          <col className="w-32" />
          <col className="w-20" />
          <col className="w-44" />
          <col className="w-44" />
        </colgroup>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3">Status</th>
            <th scope="col" className="px-3 py-3">Relation</th>
            <th scope="col" className="px-3 py-3">Value</th>
            <th scope="col" className="px-3 py-3 text-right">Conf.</th>
            <th scope="col" className="px-3 py-3">Source</th>
            <th scope="col" className="px-3 py-3">Scope</th>
            <th scope="col" className="px-3 py-3">Asserted</th>
            <th scope="col" className="px-3 py-3">Valid until</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {facts.map((fact) => (
            <tr key={fact.id} data-testid={`fact-row-${fact.id}`} data-status={fact.status} className={fact.status === 'live' ? '' : 'bg-slate-50/50 text-slate-600'}>
              <td className="px-3 py-2.5">
                <div className="flex flex-col items-start gap-1">
                  <StatusBadge status={fact.status} testId="fact-status" />
                  {fact.contradicted ? <StatusBadge status="contradicted" /> : null}
                </div>
              </td>
              <td className="px-3 py-2.5 font-mono text-xs wrap-anywhere">{fact.relation}</td>
              <td className={`px-3 py-2.5 ${fact.status === 'live' ? 'text-slate-900' : ''}`} data-testid="fact-value">
                <ValueText text={renderValue(fact.value)} type={fact.value.type} />
                <FactProvenance fact={fact} />
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">{fact.confidence.toFixed(2)}</td>
              <td className="px-3 py-2.5 font-mono text-xs wrap-anywhere">{fact.source}</td>
              <td className="px-3 py-2.5 capitalize">{fact.scope}</td>
              <td className="px-3 py-2.5 text-xs">
                <DateTime iso={fact.timestamp} hlc={fact.hlc} />
              </td>
              <td className="px-3 py-2.5 text-xs"><DateTime iso={fact.valid_until} fallback="no expiry" /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
