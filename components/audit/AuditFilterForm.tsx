import { AUDIT_FAMILIES } from '@/lib/audit/audit-actions';
import { AUDIT_OUTCOMES, AUDIT_PERIODS, type AuditFilters } from '@/lib/audit/view/audit-filters';
import type { FactScope } from '@/lib/facts/scope';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { buttonStyles } from '../ui/styles';

const periodLabel = (days: number) => (days === 1 ? 'last 24 hours' : `last ${days} days`);

/** A plain GET form: the audit log is filtered on the server and the URL can be shared. */
export function AuditFilterForm({ filters, scopes }: { filters: AuditFilters; scopes: FactScope[] }) {
  return (
    <form role="search" aria-label="Filter the audit log" action="/audit" method="get" className="mb-6 flex flex-wrap items-end gap-3">
      <SelectField id="audit-scope" name="scope" label="Scope" defaultValue={filters.scope ?? ''} options={[{ value: '', label: 'all' }, ...scopes]} fit />
      <SelectField
        id="audit-action"
        name="action"
        label="Action"
        defaultValue={filters.action ?? ''}
        options={[{ value: '', label: 'all' }, ...AUDIT_FAMILIES.map((family) => ({ value: family, label: family.replaceAll('_', ' ') }))]}
        fit
      />
      <SelectField id="audit-outcome" name="outcome" label="Outcome" defaultValue={filters.outcome ?? ''} options={[{ value: '', label: 'all' }, ...AUDIT_OUTCOMES]} fit />
      <SelectField
        id="audit-period"
        name="days"
        label="Period"
        defaultValue={filters.days ? String(filters.days) : ''}
        options={[{ value: '', label: 'all kept' }, ...AUDIT_PERIODS.map((days) => ({ value: String(days), label: periodLabel(days) }))]}
        fit
      />
      <TextField id="audit-actor" name="actor" type="search" label="Actor" defaultValue={filters.actor ?? ''} placeholder="entity URI or key id" mono className="min-w-64 flex-1" />
      <button type="submit" className={buttonStyles.primary}>
        Filter
      </button>
    </form>
  );
}
