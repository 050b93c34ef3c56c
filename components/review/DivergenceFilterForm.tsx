import Link from 'next/link';
import { buttonStyles, inputStyles, labelStyles, linkStyles } from '../ui/styles';

/** Narrows the divergence list to one entity (exact URI, normalized like the API). */
export function DivergenceFilterForm({ entity }: { entity: string }) {
  return (
    <form role="search" aria-label="Filter divergences" action="/conflicts/divergence" method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <div className="min-w-64 flex-1">
        <label htmlFor="divergence-entity" className={labelStyles}>
          Entity
        </label>
        <input id="divergence-entity" name="entity" defaultValue={entity} placeholder="exact entity URI" className={`${inputStyles} mt-1 font-mono`} />
      </div>
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
