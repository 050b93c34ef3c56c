import { readChangeBaseline } from '@/lib/changes/read-changes';
import type { FactScope } from '@/lib/facts/scope';
import { type OverviewHealth, overviewHealth } from '@/lib/health-history/overview-health';
import { nodeSummary } from '@/lib/health-history/node-summary';
import { sortWorstFirst } from '@/lib/health-history/view/sort-cards';
import { LiveRefresh } from '../changes/LiveRefresh';
import { NodeSummaryRow } from './NodeSummaryRow';
import { ScopeCard, UncheckedScopeCard } from './ScopeCard';
import { ScopeCardSkeleton } from './ScopeCardSkeleton';
import { ScoreLegend } from './ScoreLegend';

function Card({ card }: { card: OverviewHealth }) {
  if (card.source === 'none') return <UncheckedScopeCard scope={card.scope} threshold={card.threshold} />;
  if (card.source === 'run') return <ScopeCard health={card.health} run={card.run} threshold={card.threshold} />;
  return <ScopeCard health={card.health} />;
}

/**
 * The overview's body once every readable scope's health is read: the node summary, the legend and
 * the cards worst first. The change counters are read first, so the page knows what it includes
 * and refreshes when anything it shows moves (components/changes/LiveRefresh.tsx). Scopes are read
 * one after another: on the embedded database they would be anyway.
 */
export async function OverviewLoader({ scopes }: { scopes: FactScope[] }) {
  const baseline = await readChangeBaseline(scopes);
  const cards: OverviewHealth[] = [];
  for (const scope of scopes) cards.push(await overviewHealth(scope));
  const summary = await nodeSummary(scopes, new Date(baseline.as_of));
  const facts = cards.reduce((sum, c) => sum + (c.source === 'none' ? 0 : c.health.fact_count), 0);
  return (
    <>
      <LiveRefresh baseline={baseline} watch={{ knowledge: true, activity: true }} />
      <NodeSummaryRow scopes={scopes.length} facts={facts} summary={summary} asOf={baseline.as_of} />
      <div className="mb-4">
        <ScoreLegend />
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2" data-testid="scope-cards">
        {sortWorstFirst(cards).map((card) => (
          <Card key={card.source === 'none' ? card.scope : card.health.scope} card={card} />
        ))}
      </div>
    </>
  );
}

/** Where the summary and the cards will appear while the scopes are read (one skeleton per scope, in name order). */
export function OverviewSkeleton({ scopes }: { scopes: FactScope[] }) {
  return (
    <>
      <div className="mb-4 h-24 animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />
      <div className="grid gap-4 lg:grid-cols-2">
        {scopes.map((scope) => (
          <ScopeCardSkeleton key={scope} scope={scope} />
        ))}
      </div>
    </>
  );
}
