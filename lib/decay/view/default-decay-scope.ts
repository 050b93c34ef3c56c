import type { FactScope } from '../../facts/scope';

// Which scope /decay opens on when the URL names none. Shared scopes come first — team, company,
// public — and an agent's own `local` last: a sweep of shared memory is what an operator usually
// comes to preview. Of those, the first the key can write (preview and apply need write) that a
// policy reaches (its own or `*`); else the first it can read that a policy reaches; else the
// first it can read. docs/decisions.md § Decay page.

const PREFERENCE: readonly FactScope[] = ['team', 'company', 'public', 'local'];

export function defaultDecayScope(readable: readonly FactScope[], writable: (scope: FactScope) => boolean, policies: readonly { scope: string }[]): FactScope | undefined {
  const ordered = PREFERENCE.filter((scope) => readable.includes(scope));
  const reached = (scope: FactScope) => policies.some((p) => p.scope === scope || p.scope === '*');
  return ordered.find((s) => writable(s) && reached(s)) ?? ordered.find(reached) ?? ordered[0];
}
