'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useRef } from 'react';
import { Link } from '@/components/ui/Link';
import type { FactScope } from '@/lib/facts/scope';
import { hasNarrowingFilter, parseQueueFilters, type QueueFilters, queueHref } from '@/lib/conflicts/view/queue-filters';
import { SelectField } from '../ui/SelectField';
import { buttonStyles, linkStyles } from '../ui/styles';
import { TextField } from '../ui/TextField';

const booleanValue = (value: boolean | undefined) => (value === undefined ? '' : String(value));

/** A boolean filter's options: no filter, true, false. */
const yesNoAny = (any: string, yes: string, no: string) => [
  { value: '', label: any },
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

/** Typing in a text filter applies it once the typing pauses. */
const TYPING_PAUSE_MS = 500;

/**
 * The filters live in the URL, so a filtered queue can be shared and reloaded. They apply as they
 * change (a choice at once, typed text when the typing pauses); without JavaScript it is a plain GET
 * form with its Apply button. The sort stays as it is; paging starts over.
 */
export function QueueFilterForm({ filters, scopes }: { filters: QueueFilters; scopes: FactScope[] }) {
  const router = useRouter();
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(typing.current ?? undefined), []);

  function apply(form: HTMLFormElement) {
    clearTimeout(typing.current ?? undefined);
    const chosen = parseQueueFilters(Object.fromEntries(new FormData(form)) as Record<string, string>);
    const href = queueHref({ ...chosen, sort: filters.sort, dir: filters.dir });
    if (href !== queueHref(filters)) router.push(href, { scroll: false });
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (event.target instanceof HTMLSelectElement) return apply(form);
    clearTimeout(typing.current ?? undefined);
    typing.current = setTimeout(() => apply(form), TYPING_PAUSE_MS);
  }

  return (
    <form
      role="search"
      aria-label="Filter conflicts"
      action="/conflicts"
      method="get"
      onChange={onChange}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <input type="hidden" name="status" value={filters.status} />
      {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      {filters.dir ? <input type="hidden" name="dir" value={filters.dir} /> : null}
      <SelectField id="filter-scope" name="scope" label="Scope" defaultValue={filters.scope ?? ''} options={[{ value: '', label: 'All readable' }, ...scopes]} fit />
      <TextField id="filter-namespace" name="namespace" label="Namespace" defaultValue={filters.namespace ?? ''} placeholder="e.g. project" mono className="w-40" />
      <TextField id="filter-entity" name="entity" label="Entity" defaultValue={filters.entity ?? ''} placeholder="exact entity URI" mono className="min-w-56 flex-1" />
      <SelectField id="filter-aged" name="aged" label="Age" defaultValue={booleanValue(filters.aged)} options={yesNoAny('Any age', 'Aged (> 14 days)', 'Not aged')} fit />
      <SelectField id="filter-suggestion" name="has_suggestion" label="Suggestion" defaultValue={booleanValue(filters.hasSuggestion)} options={yesNoAny('Any', 'Has a suggestion', 'A person decides')} fit />
      <div className="flex items-center gap-3">
        <noscript>
          <button type="submit" className={buttonStyles.secondary}>
            Apply filters
          </button>
        </noscript>
        {hasNarrowingFilter(filters) ? (
          <Link href={queueHref({ status: filters.status })} className={`${linkStyles} text-sm`}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
