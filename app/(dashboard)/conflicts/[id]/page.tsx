import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConflictDecision } from '@/components/conflicts/ConflictDecision';
import { ConflictSide } from '@/components/conflicts/ConflictSide';
import { ConflictTimeline } from '@/components/conflicts/ConflictTimeline';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';
import { OpenConflictsNotice } from '@/components/conflicts/OpenConflictsNotice';
import { ResolveForm } from '@/components/conflicts/ResolveForm';
import { SuggestionPanel } from '@/components/conflicts/SuggestionPanel';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { pageAccess } from '@/lib/pages/page-access';
import { getConflict } from '@/lib/conflicts/get-conflict';
import { listConflicts } from '@/lib/conflicts/list-conflicts';
import { decodePathParam } from '@/lib/pages/path-param';
import type { FactScope } from '@/lib/facts/scope';
import { getFact } from '@/lib/facts/query-facts';
import { conflictStatusWord, formatAge, sameValue, suggestedSide } from '@/lib/conflicts/view/conflict-view';
import { recordScope } from '@/lib/auth/record-scope';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { EntityLink } from '@/components/entities/EntityLink';

export const metadata: Metadata = { title: 'Conflict' };

const outcomes = {
  resolved: { tone: 'success', title: 'Conflict resolved', text: 'The kept value was re-asserted with confidence 1.0 and the decision is recorded below.' },
  dismissed: { tone: 'success', title: 'Conflict dismissed', text: 'Both values stay; the pair will not be reported again during the cooldown.' },
  already: { tone: 'warning', title: 'Already decided', text: 'Someone decided this conflict before you. Here is their decision.' },
} as const;

export default async function ConflictPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const conflictId = decodePathParam((await params).id);
  const access = await pageAccess(conflictHref(conflictId));
  // Unknown and unreadable conflicts look the same: not found.
  const scope = await recordScope('conflict', conflictId);
  if (!scope || !access.scopes.includes(scope)) notFound();
  const conflict = await getConflict(conflictId);
  const now = new Date();
  const canWrite = access.can('write', scope);
  // The resolution fact is among the newest of the history, unless the triple moved on a lot since.
  const resolutionFact = conflict.resolution_fact_id
    ? (conflict.history.find((f) => f.id === conflict.resolution_fact_id) ?? (await getFact(conflict.resolution_fact_id, [conflict.scope as FactScope])))
    : null;
  const kept = (fact: typeof conflict.fact_a) => !!resolutionFact && !!fact && sameValue(fact.value, resolutionFact.value);
  const suggested = conflict.status === 'unresolved' ? suggestedSide(conflict) : null;
  const openOnTriple =
    conflict.status === 'unresolved'
      ? []
      : (await listConflicts({ scopes: [conflict.scope as FactScope], status: 'unresolved', entity: conflict.entity, relation: conflict.relation, limit: 5 })).conflicts;

  const outcomeKey = (await searchParams).outcome;
  const outcome = typeof outcomeKey === 'string' && outcomeKey in outcomes ? outcomes[outcomeKey as keyof typeof outcomes] : null;
  const sides = [
    { label: 'A' as const, fact: conflict.fact_a },
    { label: 'B' as const, fact: conflict.fact_b },
  ];

  return (
    <>
      <PageHeader
        back={{ href: '/conflicts', label: 'Conflicts' }}
        title="Conflict"
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <EntityLink entity={conflict.entity} size="inherit" />
            <span aria-hidden="true">·</span>
            <span className="font-mono wrap-anywhere">{conflict.relation}</span>
            <span aria-hidden="true">·</span>
            <span className="capitalize">{conflict.scope}</span>
            {conflict.status === 'unresolved' ? (
              <>
                <span aria-hidden="true">·</span>
                <span>waiting {formatAge(conflict.age_days)}</span>
                {conflict.aged ? <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-800 ring-1 ring-rose-600/30 ring-inset">aged &gt; 14 days</span> : null}
              </>
            ) : null}
          </span>
        }
        actions={<StatusBadge status={conflictStatusWord(conflict)} testId="conflict-status" />}
      />
      <div className="space-y-4">
        {outcome ? (
          <Notice tone={outcome.tone} title={outcome.title} testId="conflict-outcome">
            {outcome.text}
          </Notice>
        ) : null}
        <OpenConflictsNotice conflicts={openOnTriple} />
        <div className="grid gap-4 md:grid-cols-2">
          {sides.map((side) => (
            <ConflictSide key={side.label} label={side.label} fact={side.fact} kept={kept(side.fact)} suggested={suggested === side.label} />
          ))}
        </div>
        {conflict.status === 'unresolved' ? (
          <>
            <SuggestionPanel conflict={conflict} side={suggested} canWrite={canWrite} />
            <ResolveForm
              conflictId={conflict.conflict_id}
              scope={conflict.scope}
              canWrite={canWrite}
              suggested={suggested}
              sides={sides.flatMap((side) => (side.fact ? [{ label: side.label, factId: side.fact.id, valueText: factValueText(side.fact.value), value: side.fact.value }] : []))}
            />
          </>
        ) : (
          <ConflictDecision conflict={conflict} keptValue={resolutionFact ? factValueText(resolutionFact.value) : null} canWrite={canWrite} now={now} />
        )}
        <ConflictTimeline history={conflict.history} total={conflict.history_total} conflict={conflict} />
      </div>
    </>
  );
}
