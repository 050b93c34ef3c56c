import Link from 'next/link';
import type { EntitySummary } from '@/lib/entities/search-entities';
import { entityHref } from '../conflicts/conflict-href';
import { DateTime } from '../ui/DateTime';
import { cardStyles, linkStyles } from '../ui/styles';

export function EntityTable({ entities }: { entities: EntitySummary[] }) {
  return (
    <div className={`${cardStyles} overflow-x-auto`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="entity-table">
        <caption className="sr-only">Entities</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Entity</th>
            <th scope="col" className="px-4 py-3 text-right">Relations</th>
            <th scope="col" className="px-4 py-3 text-right">Values</th>
            <th scope="col" className="px-4 py-3 text-right">Live values</th>
            <th scope="col" className="px-4 py-3">Last asserted</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entities.map((e) => (
            <tr key={e.entity} className="hover:bg-slate-50/60">
              <td className="max-w-xl px-4 py-2.5">
                <Link href={entityHref(e.entity)} className={`${linkStyles} font-mono text-xs wrap-anywhere`}>
                  {e.entity}
                </Link>
              </td>
              <td className="px-4 py-2.5 text-right tabular-nums">{e.relations}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{e.values}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{e.liveValues}</td>
              <td className="px-4 py-2.5 text-slate-600"><DateTime iso={e.lastAssertedAt} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
