import { FIGURES, type FigureName, figureText, formatFigure } from '@/lib/figures/figures';

/** One number of a scope card, under its figure's one label (lib/figures/figures.ts), named for assistive technology as "Live values 4,651". */
export function ScopeStat({ figure, value, testId }: { figure: FigureName; value: number; testId: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500" title={FIGURES[figure].definition}>
        {FIGURES[figure].label}
      </dt>
      <dd data-testid={testId} aria-label={figureText(figure, value)} className="mt-0.5 text-2xl font-semibold tabular-nums text-slate-900">
        {formatFigure(value)}
      </dd>
    </div>
  );
}

/** A scope's three size figures (facts, live values, entities), as every scope card and summary shows them. */
export function ScopeSizeStats({ scope, health, className }: { scope: string; health: { fact_count: number; live_value_count: number; entity_count: number }; className: string }) {
  return (
    <dl className={className}>
      <ScopeStat figure="facts" value={health.fact_count} testId={`scope-${scope}-facts`} />
      <ScopeStat figure="live_values" value={health.live_value_count} testId={`scope-${scope}-live`} />
      <ScopeStat figure="entities" value={health.entity_count} testId={`scope-${scope}-entities`} />
    </dl>
  );
}
