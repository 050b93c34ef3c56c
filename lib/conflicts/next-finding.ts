import type { FactScope } from '../facts/scope';
import { findingsPage } from '../lint/findings-page';
import { parseFindingsView, toPageQuery } from '../lint/view/findings-query';

// "Next finding" on a conflict page opened from a scope's findings (return-trail.ts): the
// contradiction finding that follows this triple's in that list — the same filters and order, its
// contradictions only (the list's other findings have no conflict page). Looked up while the triple
// is still in the list (before the decision) and carried through the decision in the URL.

/** How far into the list the current triple is looked for. */
const WINDOW = 200;

export async function nextContradictionFinding(scope: FactScope, from: string, current: { entity: string; relation: string }): Promise<string | null> {
  const view = parseFindingsView(new URL(from, 'http://same-site.invalid').searchParams);
  // A large scope's list comes from a lint job; linting it again here would cost what the job saved.
  if (view.job) return null;
  const { findings } = await findingsPage({ ...toPageQuery({ ...view, check: 'contradiction', page: 1 }, WINDOW), scope });
  const index = findings.findIndex((f) => f.entity === current.entity && f.relation === current.relation);
  if (index === -1) return null;
  return findings.slice(index + 1).find((f) => f.conflict_id)?.conflict_id ?? null;
}
