import type { FactScope } from '@/lib/facts/scope';
import { HISTORY_RANGES } from '@/lib/conflicts/view/history-range';
import { SelectField } from '../ui/SelectField';
import { buttonStyles } from '../ui/styles';

/** Scope and day range of the review history, as a GET form (shareable URL). */
export function HistoryFilterForm({ scopes, scope, days }: { scopes: FactScope[]; scope: FactScope | undefined; days: number }) {
  return (
    <form aria-label="Review history filters" action="/conflicts/history" method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <SelectField id="history-scope" name="scope" label="Scope" defaultValue={scope ?? ''} options={[{ value: '', label: 'All readable' }, ...scopes]} fit />
      <SelectField id="history-days" name="days" label="Range" defaultValue={String(days)} options={HISTORY_RANGES.map((d) => ({ value: String(d), label: `Last ${d} days` }))} fit />
      <button type="submit" className={buttonStyles.secondary}>
        Show
      </button>
    </form>
  );
}
