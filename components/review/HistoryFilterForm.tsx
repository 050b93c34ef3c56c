import type { FactScope } from '@/lib/facts/scope';
import { HISTORY_RANGES } from '@/lib/review-ui/history-range';
import { buttonStyles, inputStyles, labelStyles } from '../ui/styles';

/** Scope and day range of the review history, as a GET form (shareable URL). */
export function HistoryFilterForm({ scopes, scope, days }: { scopes: FactScope[]; scope: FactScope | undefined; days: number }) {
  return (
    <form aria-label="Review history filters" action="/conflicts/history" method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <div>
        <label htmlFor="history-scope" className={labelStyles}>
          Scope
        </label>
        <select id="history-scope" name="scope" defaultValue={scope ?? ''} className={`${inputStyles} mt-1 w-auto pr-8`}>
          <option value="">All readable</option>
          {scopes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="history-days" className={labelStyles}>
          Range
        </label>
        <select id="history-days" name="days" defaultValue={String(days)} className={`${inputStyles} mt-1 w-auto pr-8`}>
          {HISTORY_RANGES.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonStyles.secondary}>
        Show
      </button>
    </form>
  );
}
