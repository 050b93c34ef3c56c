import type { EntityMatchMode } from '@/lib/entities/search-entities';
import { buttonStyles, inputStyles } from '../ui/styles';

/** A plain GET form: the search runs on the server and the URL can be shared. */
export function EntitySearchForm({ text, match }: { text: string; match: EntityMatchMode }) {
  return (
    <form role="search" action="/entities" method="get" className="mb-6 flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor="entity-search" className="block text-sm font-medium text-slate-700">
          Search entities
        </label>
        <input id="entity-search" name="q" type="search" defaultValue={text} placeholder="e.g. project:atlas or atlas" className={`${inputStyles} mt-1 font-mono`} />
      </div>
      <div>
        <label htmlFor="entity-match" className="block text-sm font-medium text-slate-700">
          Match
        </label>
        <select id="entity-match" name="match" defaultValue={match} className={`${inputStyles} mt-1 w-auto pr-8`}>
          <option value="contains">contains</option>
          <option value="prefix">starts with</option>
        </select>
      </div>
      <button type="submit" className={buttonStyles.primary}>
        Search
      </button>
    </form>
  );
}
