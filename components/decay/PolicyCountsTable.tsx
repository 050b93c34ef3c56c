import type { DryRunResult } from '@/lib/decay/sweep-request';
import { type Column, DataTable } from '../ui/DataTable';

type PolicyCount = DryRunResult['counts_by_policy'][number];

const columns: Column<PolicyCount>[] = [
  { key: 'policy', header: 'Policy', className: 'max-w-48 font-mono text-xs wrap-anywhere', cell: (c) => c.policy_id },
  { key: 'retract', header: 'Retract', align: 'right', className: 'tabular-nums', cellTestId: 'policy-count-retract', cell: (c) => c.would_retract.toLocaleString('en-US') },
  { key: 'reduce', header: 'Reduce', align: 'right', className: 'tabular-nums', cellTestId: 'policy-count-reduce', cell: (c) => c.would_reduce.toLocaleString('en-US') },
];

/** What each policy would write in the previewed scope. */
export function PolicyCountsTable({ counts }: { counts: DryRunResult['counts_by_policy'] }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-900">Per policy</h3>
      <DataTable
        columns={columns}
        rows={counts}
        rowKey={(c) => c.policy_id}
        rowProps={(c) => ({ 'data-testid': 'policy-count-row', 'data-policy-id': c.policy_id })}
        caption="Changes per policy"
        testId="policy-counts"
        variant="plain"
        className="mt-2"
      />
    </div>
  );
}
