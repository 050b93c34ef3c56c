import type { AlertRuleRecord } from '@/lib/alerts/rule-store';
import { type Column, DataTable } from '../ui/DataTable';
import { DateTime } from '../ui/DateTime';
import { LevelBadge } from './LevelBadge';
import { RuleToggle } from './RuleToggle';

const KIND_LABELS: Record<string, (r: AlertRuleRecord) => string> = {
  score_below: (r) => `score below ${r.threshold}`,
  findings_above: (r) => `${[r.check?.replace('_', ' '), r.severity, 'findings'].filter(Boolean).join(' ')} above ${r.threshold}`,
  pending_above: (r) => `pending contradictions above ${r.threshold}`,
  aged_above: (r) => `aged contradictions above ${r.threshold}`,
  false_alarms: (r) => `false alarms ≥ ${r.threshold} in 7 days, rising, while the queue does not shrink`,
  run_slower_than: (r) => `a run takes longer than ${r.threshold} s`,
  run_failed: () => 'a health run failed',
};

const columns: Column<AlertRuleRecord>[] = [
  { key: 'name', header: 'Rule', className: 'font-medium text-slate-900', cell: (r) => r.name },
  { key: 'condition', header: 'Condition', className: 'text-slate-700', cell: (r) => (KIND_LABELS[r.kind] ?? (() => r.kind))(r) },
  { key: 'scope', header: 'Scope', className: 'text-slate-700', cell: (r) => r.scope ?? 'all scopes' },
  { key: 'level', header: 'Level', cell: (r) => <LevelBadge level={r.level} /> },
  {
    key: 'muted',
    header: 'Muted',
    className: 'text-slate-700',
    cell: (r) =>
      r.mutes.length ? (
        <ul data-testid="rule-mutes">
          {r.mutes.map((m) => (
            <li key={m.id}>
              {m.scope ?? 'every scope'} until <DateTime iso={m.until} />
              {m.reason ? ` (${m.reason})` : ''}, by {m.created_by}
            </li>
          ))}
        </ul>
      ) : (
        'no'
      ),
  },
];

/** The rules every run is checked against; admins of a rule's scope turn it on and off here (the API edits them fully). */
export function RulesTable({ rules, canEdit }: { rules: AlertRuleRecord[]; canEdit: (rule: AlertRuleRecord) => boolean }) {
  const enabled: Column<AlertRuleRecord> = { key: 'enabled', header: 'Enabled', cell: (r) => (canEdit(r) ? <RuleToggle rule={r} /> : r.enabled ? 'yes' : 'no') };
  return <DataTable columns={[...columns, enabled]} rows={rules} rowKey={(r) => r.id} caption="Alert rules" testId="rules-table" density="compact" />;
}
