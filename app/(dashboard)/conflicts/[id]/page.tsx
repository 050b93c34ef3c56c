import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ConflictDecision } from '@/components/conflicts/ConflictDecision';
import { ConflictSide } from '@/components/conflicts/ConflictSide';
import { conflictHref, entityHref } from '@/components/conflicts/conflict-href';
import { ResolveForm } from '@/components/conflicts/ResolveForm';
import { Notice } from '@/components/ui/Notice';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { linkStyles } from '@/components/ui/styles';
import { requirePrincipal } from '@/lib/auth/current-principal';
import { can, readableScopes } from '@/lib/auth/principal';
import { toConflictRecords } from '@/lib/conflicts/conflict-record';
import { getConflictRow } from '@/lib/conflicts/list-conflicts';
import { getDb } from '@/lib/db/prisma';
import { renderValue } from '@/lib/facts/fact-value';
import { getFact } from '@/lib/facts/query-facts';
import type { FactScope } from '@/lib/facts/scope';
import { decodePathParam } from '@/lib/entities/path-param';

export const metadata: Metadata = { title: 'Conflict' };

const outcomes = {
  resolved: { tone: 'success', title: 'Conflict resolved', text: 'The kept value was re-asserted with confidence 1.0 and the decision is recorded below.' },
  dismissed: { tone: 'success', title: 'Conflict dismissed', text: 'Both values stay; the pair will not be reported again during the cooldown.' },
  already: { tone: 'warning', title: 'Already decided', text: 'Someone decided this conflict before you. Here is their decision.' },
} as const;

export default async function ConflictPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const conflictId = decodePathParam((await params).id);
  const principal = await requirePrincipal(conflictHref(conflictId));
  const row = await getConflictRow(conflictId);
  if (!row || !readableScopes(principal).includes(row.scope as FactScope)) notFound();
  const [conflict] = await toConflictRecords(await getDb(), [row]);
  const resolutionFact = conflict.resolution_fact_id ? await getFact(conflict.resolution_fact_id, [row.scope as FactScope]) : null;
  const keptValue = resolutionFact ? renderValue(resolutionFact.value) : null;
  const keptSide = (fact: typeof conflict.fact_a) => keptValue !== null && !!fact && renderValue(fact.value) === keptValue;

  const outcomeKey = (await searchParams).outcome;
  const outcome = typeof outcomeKey === 'string' && outcomeKey in outcomes ? outcomes[outcomeKey as keyof typeof outcomes] : null;
  const status = conflict.resolution_basis === 'dismissed' ? 'dismissed' : conflict.status;
  const sides = [
    { label: 'A' as const, fact: conflict.fact_a },
    { label: 'B' as const, fact: conflict.fact_b },
  ];

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link href="/conflicts" className={linkStyles}>
          ← Conflicts
        </Link>
      </nav>
      <PageHeader
        title="Conflict"
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link href={entityHref(conflict.entity)} className={`${linkStyles} font-mono wrap-anywhere`}>
              {conflict.entity}
            </Link>
            <span aria-hidden="true">·</span>
            <span className="font-mono wrap-anywhere">{conflict.relation}</span>
            <span aria-hidden="true">·</span>
            <span className="capitalize">{conflict.scope}</span>
          </span>
        }
        actions={<StatusBadge status={status} testId="conflict-status" />}
      />
      {outcome ? (
        <div className="mb-4">
          <Notice tone={outcome.tone} title={outcome.title} testId="conflict-outcome">
            {outcome.text}
          </Notice>
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {sides.map((side) => (
          <ConflictSide key={side.label} label={side.label} fact={side.fact} kept={keptSide(side.fact)} />
        ))}
      </div>
      <div className="mt-4">
        {conflict.status === 'unresolved' ? (
          <ResolveForm
            conflictId={conflict.conflict_id}
            scope={conflict.scope}
            canWrite={can(principal, 'write', conflict.scope)}
            sides={sides.flatMap((side) => (side.fact ? [{ label: side.label, factId: side.fact.id, valueText: renderValue(side.fact.value) }] : []))}
          />
        ) : (
          <ConflictDecision conflict={conflict} keptValue={keptValue} />
        )}
      </div>
    </>
  );
}
