import { Link } from '@/components/ui/Link';
import { buttonStyles, linkStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';

/** Narrows the divergence list to one entity (exact URI, normalized like the API). */
export function DivergenceFilterForm({ entity }: { entity: string }) {
  return (
    <form role="search" aria-label="Filter divergences" action="/conflicts/divergence" method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <TextField id="divergence-entity" name="entity" label="Entity" defaultValue={entity} placeholder="exact entity URI" mono className="min-w-64 flex-1" />
      <button type="submit" className={buttonStyles.secondary}>
        Show
      </button>
      {entity ? (
        <Link href="/conflicts/divergence" className={`${linkStyles} pb-2.5 text-sm`}>
          Clear
        </Link>
      ) : null}
    </form>
  );
}
