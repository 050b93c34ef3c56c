// Links into the decay page. The one-fact preview is a stable URL other pages link to (the lint
// page's stale findings): /decay?scope=<scope>&fact_id=<fact id> shows the dry run of that fact.

export function decayHref(options: { scope?: string | null; factId?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (options.scope) params.set('scope', options.scope);
  if (options.factId) params.set('fact_id', options.factId);
  const query = params.toString();
  return query ? `/decay?${query}` : '/decay';
}
