'use client';

import { useToggleRuleMutation } from '@/lib/alerts/hooks/use-alert-mutations';
import type { AlertRuleRecord } from '@/lib/alerts/rule-store';
import { InlineError } from '../ui/InlineError';

/** Turns a rule on or off. */
export function RuleToggle({ rule }: { rule: AlertRuleRecord }) {
  const toggle = useToggleRuleMutation();
  return (
    <label className="inline-flex items-center gap-2">
      <input type="checkbox" checked={rule.enabled} disabled={toggle.isPending} onChange={() => toggle.mutate(rule)} className="h-4 w-4 rounded border-slate-300 text-indigo-600" aria-label={`Rule ${rule.name} enabled`} />
      <InlineError error={toggle.error} />
    </label>
  );
}
