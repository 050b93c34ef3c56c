import type { EntityMatchMode } from '@/lib/entities/search-entities';
import { buttonStyles } from '../ui/styles';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';

/** A plain GET form: the search runs on the server and the URL can be shared. */
export function EntitySearchForm({ text, match }: { text: string; match: EntityMatchMode }) {
  return (
    <form role="search" action="/entities" method="get" className="mb-6 flex flex-wrap items-end gap-3">
      <TextField id="entity-search" name="q" type="search" label="Search entities" defaultValue={text} placeholder="e.g. project:atlas or atlas" mono className="min-w-64 flex-1" />
      <SelectField
        id="entity-match"
        name="match"
        label="Match"
        defaultValue={match}
        options={[
          { value: 'contains', label: 'contains' },
          { value: 'prefix', label: 'starts with' },
        ]}
        fit
      />
      <button type="submit" className={buttonStyles.primary}>
        Search
      </button>
    </form>
  );
}
