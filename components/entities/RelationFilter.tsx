import { Link } from '@/components/ui/Link';
import type { EntityRelationSummary } from '@/lib/entities/entity-history';

/** Relation chips: "All" plus one per relation with its fact count; the current one is marked. */
export function RelationFilter({ baseHref, relations, current }: { baseHref: string; relations: EntityRelationSummary[]; current?: string }) {
  const chip = (active: boolean) =>
    `inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
      active ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
    }`;
  const total = relations.reduce((sum, r) => sum + r.facts, 0);
  return (
    <nav aria-label="Filter by relation" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link href={baseHref} aria-current={!current ? 'page' : undefined} className={chip(!current)}>
            All relations <span className="tabular-nums">{total}</span>
          </Link>
        </li>
        {relations.map((r) => (
          <li key={r.relation}>
            <Link href={`${baseHref}?relation=${encodeURIComponent(r.relation)}`} aria-current={current === r.relation ? 'page' : undefined} className={`${chip(current === r.relation)} font-mono`}>
              <span className="max-w-64 truncate">{r.relation}</span> <span className="font-sans tabular-nums">{r.facts}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
