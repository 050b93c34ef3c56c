import Link from 'next/link';
import type { SynthesisEntry } from '@/lib/synthesis/synthesis-request';
import { factValueText, factValueType } from '@/lib/synthesis-ui/fact-value-text';
import { entityHref } from '../conflicts/conflict-href';
import { ValueText } from '../ui/ValueText';
import { cardStyles, linkStyles } from '../ui/styles';
import { ConfidenceBar } from './ConfidenceBar';
import { ContradictionBadge } from './ContradictionBadge';

/** One page of synthesis entries: the winning value per triple, contradicted rows flagged. */
export function SynthesisEntriesTable({ entries }: { entries: SynthesisEntry[] }) {
  return (
    <div className={`${cardStyles} relative overflow-x-auto`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="synthesis-table">
        <caption className="sr-only">Synthesis entries</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Entity</th>
            <th scope="col" className="px-4 py-3">Relation</th>
            <th scope="col" className="px-4 py-3">Value</th>
            <th scope="col" className="px-4 py-3">Confidence</th>
            <th scope="col" className="px-4 py-3">Contradiction</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {entries.map((e) => (
            <tr key={`${e.entity}\u0000${e.relation}`} data-testid="synthesis-row" data-entity={e.entity} data-relation={e.relation} className={e.contradicted ? 'bg-orange-50/40' : undefined}>
              <td className="max-w-56 min-w-48 px-4 py-3">
                <Link href={entityHref(e.entity)} className={`${linkStyles} font-mono text-xs wrap-anywhere`}>
                  {e.entity}
                </Link>
              </td>
              <td className="max-w-44 min-w-36 px-4 py-3 font-mono text-xs wrap-anywhere">{e.relation}</td>
              <td className="max-w-80 min-w-40 px-4 py-3" data-testid="synthesis-value">
                <ValueText text={factValueText(e.value)} type={factValueType(e.value)} />
              </td>
              <td className="px-4 py-3">
                <ConfidenceBar confidence={e.confidence} />
              </td>
              <td className="min-w-40 px-4 py-3">
                {e.contradicted ? <ContradictionBadge conflictId={e.conflict_id} altValue={e.alt_value} altConfidence={e.alt_confidence} /> : <span className="text-xs text-slate-400">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
