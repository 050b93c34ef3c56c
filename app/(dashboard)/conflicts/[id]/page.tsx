import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConflictDecision } from '@/components/conflicts/ConflictDecision';
import { ConflictTimeline } from '@/components/conflicts/ConflictTimeline';
import { ContradictionConflicts } from '@/components/conflicts/ContradictionConflicts';
import { ContradictionValueCard } from '@/components/conflicts/ContradictionValueCard';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';
import { OpenConflictsNotice } from '@/components/conflicts/OpenConflictsNotice';
import { ResolveForm } from '@/components/conflicts/ResolveForm';
import { SuggestionPanel } from '@/components/conflicts/SuggestionPanel';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { pageAccess } from '@/lib/pages/page-access';
import { getContradiction } from '@/lib/conflicts/get-conflict';
import { listContradictions } from '@/lib/conflicts/list-conflicts';
import { decodePathParam } from '@/lib/pages/path-param';
import type { FactScope } from '@/lib/facts/scope';
import { getFact } from '@/lib/facts/query-facts';
import { conflictStatusWord, formatAge, sameValue, suggestedIndex } from '@/lib/conflicts/view/conflict-view';
import { conflictOrContradiction, recordScope } from '@/lib/auth/record-scope';
import { factValueText } from '@/lib/facts/view/fact-value-text';
import { EntityLink } from '@/components/entities/EntityLink';
import { WayBack } from '@/components/conflicts/WayBack';
import { nextContradictionFinding } from '@/lib/conflicts/next-finding';
import { parseReturnTrail, trailFor } from '@/lib/conflicts/view/return-trail';

export const metadata: Metadata = { title: 'Contradiction' };

const outcomes = {
  resolved: { tone: 'success', title: 'Contradiction resolved', text: 'The kept value was re-asserted with confidence 1.0 and the decision is recorded below.' },
  dismissed: { tone: 'success', title: 'Contradiction dismissed', text: 'Every value stays; they will not be reported together again during the cooldown.' },
  already: { tone: 'warning', title: 'Already decided', text: 'Someone decided this contradiction before you. Here is their decision.' },
  undone: { tone: 'success', title: 'Decision undone', text: 'The values are back as they were before the decision, and the contradiction is open again.' },
} as const;

/** A contradiction (by its id or by one of its conflicts' ids): every value side by side, the decision, the triple's history. */
export default async function ConflictPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const id = decodePathParam((await params).id);
  const access = await pageAccess(conflictHref(id));
  // Unknown and unreadable ids look the same: not found.
  const scope = await recordScope(conflictOrContradiction(id), id);
  if (!scope || !access.scopes.includes(scope)) notFound();
  const contradiction = await getContradiction(id);
  const now = new Date();
  const canWrite = access.can('write', scope);
  const open = contradiction.status === 'unresolved';
  // The resolution fact is among the newest of the history, unless the triple moved on a lot since.
  const resolutionFact = contradiction.resolution_fact_id
    ? (contradiction.history.find((f) => f.id === contradiction.resolution_fact_id) ?? (await getFact(contradiction.resolution_fact_id, [contradiction.scope as FactScope])))
    : null;
  const kept = (fact: { value: Parameters<typeof sameValue>[0] } | null) => !!resolutionFact && !!fact && sameValue(fact.value, resolutionFact.value);
  const suggested = open ? suggestedIndex(contradiction) : null;
  const openNow = open
    ? null
    : ((await listContradictions({ scopes: [contradiction.scope as FactScope], status: 'unresolved', entity: contradiction.entity, relation: contradiction.relation, limit: 1 })).contradictions[0] ?? null);

  const search = await searchParams;
  // The list this page was opened from (a scope's findings, the queue) and its next contradiction:
  // looked up while this triple is still in the list, then carried through the decision in the URL.
  const trail = parseReturnTrail(search);
  const next =
    trail?.next ??
    (open && trail?.findingsScope === contradiction.scope ? await nextContradictionFinding(contradiction.scope as FactScope, trail.from, contradiction) : null);
  const carried = trailFor(trail, next);
  const outcomeKey = search.outcome;
  const outcome = typeof outcomeKey === 'string' && outcomeKey in outcomes ? outcomes[outcomeKey as keyof typeof outcomes] : null;
  const shown = contradiction.values.length;

  return (
    <>
      <PageHeader
        back={trail ? { href: trail.from, label: trail.findingsScope ? `Findings in ${trail.findingsScope}` : 'Conflicts' } : { href: '/conflicts', label: 'Conflicts' }}
        title="Contradiction"
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <EntityLink entity={contradiction.entity} size="inherit" />
            <span aria-hidden="true">·</span>
            <span className="font-mono wrap-anywhere">{contradiction.relation}</span>
            <span aria-hidden="true">·</span>
            <span className="capitalize">{contradiction.scope}</span>
            <span aria-hidden="true">·</span>
            <span data-testid="contradiction-value-count">
              {contradiction.value_count} live {contradiction.value_count === 1 ? 'value' : 'values'}
            </span>
            {open ? (
              <>
                <span aria-hidden="true">·</span>
                <span>waiting {formatAge(contradiction.age_days)}</span>
                {contradiction.aged ? <span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-800 ring-1 ring-rose-600/30 ring-inset">aged &gt; 14 days</span> : null}
              </>
            ) : null}
          </span>
        }
        actions={<StatusBadge status={conflictStatusWord(contradiction)} testId="conflict-status" />}
      />
      <div className="space-y-4">
        {outcome ? (
          <Notice tone={outcome.tone} title={outcome.title} testId="conflict-outcome">
            {outcome.text}
          </Notice>
        ) : null}
        {outcome && trail ? <WayBack trail={trail} next={next && next !== contradiction.contradiction_id ? next : null} /> : null}
        <OpenConflictsNotice open={openNow} />
        {shown ? (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {contradiction.values.map((value, i) => (
              <ContradictionValueCard key={value.fact?.id ?? i} index={i} fact={value.fact} evidence={value.evidence} kept={kept(value.fact)} suggested={suggested === i} />
            ))}
          </div>
        ) : (
          <Notice tone="info" title="No live value">
            The triple holds no live value now.
          </Notice>
        )}
        {contradiction.value_count > shown ? (
          <p className="text-sm text-slate-600">
            The strongest {shown} of {contradiction.value_count} live values are shown; the triple&apos;s history below lists every fact.
          </p>
        ) : null}
        {open ? (
          <>
            <SuggestionPanel contradiction={contradiction} index={suggested} canWrite={canWrite} trail={carried} />
            <ResolveForm
              conflictId={contradiction.contradiction_id}
              scope={contradiction.scope}
              canWrite={canWrite}
              trail={carried}
              suggested={suggested}
              valueCount={contradiction.value_count}
              values={contradiction.values.flatMap((v, index) => (v.fact ? [{ index, factId: v.fact.id, valueText: factValueText(v.fact.value), value: v.fact.value }] : []))}
            />
          </>
        ) : (
          <ConflictDecision conflict={contradiction} keptValue={resolutionFact ? factValueText(resolutionFact.value) : null} canWrite={canWrite} now={now} trail={carried} />
        )}
        <ConflictTimeline history={contradiction.history} total={contradiction.history_total} contradiction={contradiction} />
        <ContradictionConflicts conflicts={contradiction.conflicts} total={contradiction.conflicts_total} />
      </div>
    </>
  );
}
