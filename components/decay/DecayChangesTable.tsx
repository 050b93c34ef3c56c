import Link from 'next/link';
import type { SweepChange } from '@/lib/decay/sweep-request';
import { formatDuration } from '@/lib/decay-ui/format-duration';
import { factValueText, factValueType, formatConfidence } from '@/lib/synthesis-ui/fact-value-text';
import { entityHref } from '../conflicts/conflict-href';
import { ValueText } from '../ui/ValueText';
import { linkStyles } from '../ui/styles';

function ActionBadge({ action }: { action: SweepChange['action'] }) {
  return action === 'retract' ? (
    <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-800 ring-1 ring-rose-600/30 ring-inset">retract</span>
  ) : (
    <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800 ring-1 ring-sky-600/30 ring-inset">reduce</span>
  );
}

/** One page of the facts a sweep would write, each linked to its entity's history. */
export function DecayChangesTable({ changes }: { changes: SweepChange[] }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="decay-changes">
        <caption className="sr-only">Changes the sweep would write</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Entity</th>
            <th scope="col" className="px-4 py-3">Relation</th>
            <th scope="col" className="px-4 py-3">Value</th>
            <th scope="col" className="px-4 py-3">Action</th>
            <th scope="col" className="px-4 py-3 whitespace-nowrap">Confidence</th>
            <th scope="col" className="px-4 py-3">Age</th>
            <th scope="col" className="px-4 py-3">Policy</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {changes.map((c) => (
            <tr key={c.fact_id} data-testid="decay-change-row" data-fact-id={c.fact_id}>
              <td className="max-w-56 min-w-48 px-4 py-3">
                <Link href={entityHref(c.entity)} className={`${linkStyles} font-mono text-xs wrap-anywhere`}>
                  {c.entity}
                </Link>
              </td>
              <td className="max-w-44 min-w-36 px-4 py-3 font-mono text-xs wrap-anywhere">{c.relation}</td>
              <td className="max-w-64 min-w-40 px-4 py-3">
                <ValueText text={factValueText(c.value)} type={factValueType(c.value)} />
              </td>
              <td className="px-4 py-3">
                <ActionBadge action={c.action} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                {formatConfidence(c.confidence_before)} <span aria-hidden="true">→</span>
                <span className="sr-only">to</span> <strong className="font-semibold">{formatConfidence(c.confidence_after)}</strong>
              </td>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums text-slate-600">{formatDuration(c.age_s)}</td>
              <td className="max-w-40 min-w-32 px-4 py-3 font-mono text-xs wrap-anywhere text-slate-600">{c.policy_id}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
