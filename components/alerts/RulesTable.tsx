import type { AlertRuleRecord } from '@/lib/alerts/rule-store';
import { cardStyles } from '../ui/styles';
import { RuleToggle } from './RuleToggle';

const KIND_LABELS: Record<string, (r: AlertRuleRecord) => string> = {
  score_below: (r) => `score below ${r.threshold}`,
  findings_above: (r) => `${[r.check?.replace('_', ' '), r.severity, 'findings'].filter(Boolean).join(' ')} above ${r.threshold}`,
  pending_above: (r) => `pending contradictions above ${r.threshold}`,
  aged_above: (r) => `aged contradictions above ${r.threshold}`,
  false_alarms: (r) => `false alarms ≥ ${r.threshold} in 7 days and rising`,
  run_slower_than: (r) => `a run takes longer than ${r.threshold} s`,
  run_failed: () => 'a health run failed',
};

/** The rules every run is checked against; admins turn them on and off here (the API edits them fully). */
export function RulesTable({ rules, canEdit }: { rules: AlertRuleRecord[]; canEdit: boolean }) {
  return (
    <div className={`${cardStyles} overflow-x-auto`}>
      <table className="min-w-full text-sm" data-testid="rules-table">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            <th className="px-4 py-2 font-medium">Rule</th>
            <th className="px-4 py-2 font-medium">Condition</th>
            <th className="px-4 py-2 font-medium">Scope</th>
            <th className="px-4 py-2 font-medium">Enabled</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rules.map((r) => (
            <tr key={r.id}>
              <td className="px-4 py-2 font-medium text-slate-900">{r.name}</td>
              <td className="px-4 py-2 text-slate-700">{(KIND_LABELS[r.kind] ?? (() => r.kind))(r)}</td>
              <td className="px-4 py-2 text-slate-700">{r.scope ?? 'all scopes'}</td>
              <td className="px-4 py-2">{canEdit ? <RuleToggle rule={r} /> : r.enabled ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
