'use client';

import type { ReactNode } from 'react';
import type { DecayPolicy } from '@/lib/decay/decay-policy';
import { formatDuration } from '@/lib/decay/view/format-duration';
import { Chips } from '../ui/Chips';
import { type Column, DataTable } from '../ui/DataTable';
import { buttonStyles } from '../ui/styles';
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

const columns: Column<DecayPolicy>[] = [
  { key: 'id', header: 'Id', className: 'max-w-56 min-w-40 font-mono text-xs wrap-anywhere', cell: (p) => p.id },
  { key: 'relation', header: 'Relation', className: 'max-w-56 min-w-36 font-mono text-xs wrap-anywhere', cell: (p) => p.relation },
  { key: 'scope', header: 'Scope', cell: (p) => (p.scope === '*' ? <span className="font-mono">*</span> : <span className="capitalize">{p.scope}</span>) },
  { key: 'mode', header: 'Mode', className: 'whitespace-nowrap', cell: (p) => (p.mode === 'retract' ? 'retract' : 'confidence') },
  {
    key: 'duration',
    header: 'TTL / half-life',
    headerClassName: 'whitespace-nowrap',
    className: 'whitespace-nowrap tabular-nums',
    cell: (p) => (p.mode === 'retract' ? `TTL ${formatDuration(p.ttl_s)}` : `half-life ${formatDuration(p.half_life_s)}`),
  },
  { key: 'floor', header: 'Floor', className: 'tabular-nums', cell: (p) => (p.mode === 'confidence' ? p.min_confidence.toFixed(2) : <span className="text-slate-500">—</span>) },
  { key: 'exempt', header: 'Exemptions', className: 'max-w-56 min-w-32 font-mono', cell: (p) => <Chips items={p.exempt_relations} empty="none" /> },
  { key: 'source', header: 'Source', cell: (p) => <SourceBadge source={p.source} /> },
];

/** Policies as the API lists them (environment first, then stored by id); admins edit stored ones. */
export function DecayPolicyTable({
  policies,
  isAdmin,
  manageable,
  onEdit,
  empty,
}: {
  policies: DecayPolicy[];
  isAdmin: boolean;
  /** The policy scopes this admin may change (its scopes; `*` only with every scope). */
  manageable: string[];
  onEdit: (policy: DecayPolicy) => void;
  empty: ReactNode;
}) {
  const actions = (p: DecayPolicy) =>
    p.source === 'database' && !manageable.includes(p.scope) ? (
      <span className="text-xs text-slate-500">{p.scope === '*' ? 'every scope: needs an admin of all' : 'outside your scopes'}</span>
    ) : p.source === 'database' ? (
      <span className="inline-flex gap-2">
        <button type="button" onClick={() => onEdit(p)} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`} aria-label={`Edit policy ${p.id}`}>
          Edit
        </button>
        <DeletePolicyButton policyId={p.id} />
      </span>
    ) : (
      <span className="text-xs text-slate-500">set in the environment</span>
    );
  return (
    <DataTable
      columns={columns}
      rows={policies}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-testid': 'policy-row', 'data-policy-id': p.id })}
      caption="Decay policies"
      testId="policy-table"
      empty={empty}
      rowActions={isAdmin ? actions : undefined}
      rowActionsClassName="whitespace-nowrap"
    />
  );
}
