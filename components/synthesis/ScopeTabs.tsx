import { Link } from '@/components/ui/Link';

/** "team" → "Team": written out, not CSS-capitalized, so the link's accessible name is the text a person sees. */
const scopeTitle = (scope: string) => scope.charAt(0).toUpperCase() + scope.slice(1);

/**
 * The scope picker of the decay and synthesis pages: one tab per readable scope, as links, so the
 * scope lives in the URL (shareable, back button). `keep` holds other parameters to carry along.
 */
export function ScopeTabs({ scopes, current, basePath, keep = {}, label = 'Pick a scope' }: { scopes: readonly string[]; current: string | undefined; basePath: string; keep?: Record<string, string>; label?: string }) {
  return (
    <nav aria-label={label} className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1" data-testid="scope-picker">
      {scopes.map((scope) => {
        const active = scope === current;
        return (
          <Link
            key={scope}
            href={`${basePath}?${new URLSearchParams({ ...keep, scope })}`}
            aria-current={active ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {scopeTitle(scope)}
          </Link>
        );
      })}
    </nav>
  );
}
