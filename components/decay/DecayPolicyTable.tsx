'use client';

import type { DecayPolicy } from '@/lib/decay/decay-policy';
import { formatDuration } from '@/lib/decay-ui/format-duration';
import { Chips } from '../ui/Chips';
import { buttonStyles, cardStyles } from '../ui/styles';
import { DeletePolicyButton } from './DeletePolicyButton';

function SourceBadge({ source }: { source: DecayPolicy['source'] }) {
  return source === 'env' ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 ring-1 ring-amber-600/30 ring-inset" title="From STIGMEM_DECAY_POLICIES: change it in the server's environment">
      env · read-only
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-500/20 ring-inset">database</span>
  );
}

/** Policies as the API lists them (environment first, then stored by id); admins edit stored ones. */
export function DecayPolicyTable({ policies, isAdmin, onEdit }: { policies: DecayPolicy[]; isAdmin: boolean; onEdit: (policy: DecayPolicy) => void }) {
  return (
    <div className={`${cardStyles} relative overflow-x-auto`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="policy-table">
        <caption className="sr-only">Decay policies</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Id</th>
            <th scope="col" className="px-4 py-3">Relation</th>
            <th scope="col" className="px-4 py-3">Scope</th>
            <th scope="col" className="px-4 py-3">Mode</th>
            <th scope="col" className="px-4 py-3 whitespace-nowrap">TTL / half-life</th>
            <th scope="col" className="px-4 py-3">Floor</th>
            <th scope="col" className="px-4 py-3">Exemptions</th>
            <th scope="col" className="px-4 py-3">Source</th>
            {isAdmin ? <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {policies.map((p) => (
            <tr key={p.id} data-testid="policy-row" data-policy-id={p.id}>
              <td className="max-w-56 min-w-40 px-4 py-3 font-mono text-xs wrap-anywhere">{p.id}</td>
              <td className="max-w-56 min-w-36 px-4 py-3 font-mono text-xs wrap-anywhere">{p.relation}</td>
              <td className="px-4 py-3">{p.scope === '*' ? <span className="font-mono">*</span> : <span className="capitalize">{p.scope}</span>}</td>
              <td className="px-4 py-3 whitespace-nowrap">{p.mode === 'retract' ? 'retract' : 'confidence'}</td>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">{p.mode === 'retract' ? `TTL ${formatDuration(p.ttl_s)}` : `half-life ${formatDuration(p.half_life_s)}`}</td>
              <td className="px-4 py-3 tabular-nums">{p.mode === 'confidence' ? p.min_confidence.toFixed(2) : <span className="text-slate-500">—</span>}</td>
              <td className="max-w-56 min-w-32 px-4 py-3 font-mono">
                <Chips items={p.exempt_relations} empty="none" />
              </td>
              <td className="px-4 py-3">
                <SourceBadge source={p.source} />
              </td>
              {isAdmin ? (
                <td className="px-4 py-3 text-right whitespace-nowrap">
                  {p.source === 'database' ? (
                    <span className="inline-flex gap-2">
                      <button type="button" onClick={() => onEdit(p)} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`} aria-label={`Edit policy ${p.id}`}>
                        Edit
                      </button>
                      <DeletePolicyButton policyId={p.id} />
                    </span>
                  ) : (
                    <span className="text-xs text-slate-500">set in the environment</span>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
