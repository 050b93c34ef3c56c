import { openAlertCount } from '../alerts/alert-store';
import { getDb } from '../db/prisma';
import { readOnly } from '../db/read-only';
import { countReviewQueue } from '../facts/count-review-queue';
import type { FactScope } from '../facts/scope';
import { formatInstant } from '../time/instant';

// The overview's node-wide row beside the scope cards: each number from the function that defines
// it everywhere (docs/semantics.md § Figures) — the review queue's contradicted triples, the header's
// open-alert count — over the caller's readable scopes. Facts are the cards' own sum.

export interface NodeSummary {
  contradicted_triples: number;
  open_alerts: number;
  /** The latest finished health run of these scopes, or null when none has run. */
  last_run: { scope: FactScope; finished_at: string } | null;
}

export async function nodeSummary(scopes: readonly FactScope[], now: Date): Promise<NodeSummary> {
  const queue = await readOnly((tx) => countReviewQueue(tx, scopes, now));
  const openAlerts = await openAlertCount(scopes);
  const db = await getDb();
  const run = await db.healthRun.findFirst({
    where: { scope: { in: [...scopes] }, status: 'ok' },
    select: { scope: true, startedAt: true, finishedAt: true },
    orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
  });
  return {
    contradicted_triples: queue.contradicted_triples,
    open_alerts: openAlerts,
    last_run: run ? { scope: run.scope as FactScope, finished_at: formatInstant(run.finishedAt ?? run.startedAt) } : null,
  };
}
