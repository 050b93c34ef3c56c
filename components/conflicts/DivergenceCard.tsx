import type { FactValue } from '@/lib/facts/fact-value';
import { FACT_SCOPES } from '@/lib/facts/scope';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { DateTime } from '../ui/DateTime';
import { ValueText } from '../ui/ValueText';
import { cardStyles } from '../ui/styles';
import { EntityLink } from '../entities/EntityLink';

export interface DivergenceItem {
  entity: string;
  relation: string;
  scopes: { scope: string; value: FactValue; confidence: number; fact_id: string; hlc: string }[];
}

/** Scopes in protocol order (local, team, company, public), narrowest first. */
const scopeOrder = (scope: string) => (FACT_SCOPES as readonly string[]).indexOf(scope);

/** One entity/relation whose live winner differs across scopes: each scope's winner side by side. */
export function DivergenceCard({ item }: { item: DivergenceItem }) {
  return (
    <li data-testid="divergence-item" data-entity={item.entity} className={`${cardStyles} p-4`}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <EntityLink entity={item.entity} size="sm" />
        <span aria-hidden="true" className="text-slate-400">
          ·
        </span>
        <span className="font-mono text-sm wrap-anywhere text-slate-700">{item.relation}</span>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {[...item.scopes].sort((a, b) => scopeOrder(a.scope) - scopeOrder(b.scope)).map((winner) => (
          <div key={winner.scope} className="min-w-0 rounded-lg border border-slate-200 bg-slate-50/60 p-3" data-testid="divergence-scope" data-scope={winner.scope}>
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{winner.scope}</dt>
            <dd className="mt-1 text-sm text-slate-900">
              <ValueText text={factValueText(winner.value)} type={winner.value.type} />
            </dd>
            <dd className="mt-1 text-xs text-slate-500">
              confidence <span className="tabular-nums">{winner.confidence.toFixed(2)}</span> · <DateTime hlc={winner.hlc} />
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
