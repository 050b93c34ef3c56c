import { Link } from '@/components/ui/Link';
import { conflictHref, entityHref } from '@/lib/conflicts/view/conflict-href';
import type { LintFinding } from '@/lib/lint/lint-request';
import { linkStyles } from '../ui/styles';
import { rowActionName } from '@/lib/lint/view/row-action-name';
import { BrokenRefActions } from './BrokenRefActions';
import type { FindingActor } from '@/lib/lint/view/finding-actor';
import { NamespacingActions } from './NamespacingActions';
import { QuarantineButton } from './QuarantineButton';
import { RetractButton } from './RetractButton';
import { StaleActions } from './StaleActions';

/** The remediation of one finding (§14.6), next to it in the table. */
export function FindingAction({ finding, scope, actor, returnTo }: { finding: LintFinding; scope: string; actor: FindingActor; /** This list's URL: the conflict page links back to it. */ returnTo?: string }) {
  const { canWrite, canModerate, source } = actor;
  const factId = finding.fact_ids[0];
  const readOnlyNote = <span className="text-xs text-slate-500">Fixing needs write access to {scope}.</span>;
  switch (finding.check) {
    case 'contradiction':
      return finding.conflict_id ? (
        <Link href={conflictHref(finding.conflict_id, undefined, { from: returnTo })} className={`${linkStyles} whitespace-nowrap`} aria-label={rowActionName('Resolve conflict', finding)}>
          Resolve conflict →
        </Link>
      ) : null;
    case 'orphan':
      return (
        <Link href={entityHref(finding.entity)} className={`${linkStyles} whitespace-nowrap`} aria-label={rowActionName('Open entity', finding)}>
          Open entity →
        </Link>
      );
    case 'stale':
      if (!canWrite || !factId || !finding.relation) return readOnlyNote;
      return <StaleActions scope={scope} factId={factId} entity={finding.entity} relation={finding.relation} source={source} />;
    case 'broken_ref':
      if (!canWrite || !factId || !finding.relation || !finding.ref_target) return readOnlyNote;
      return <BrokenRefActions scope={scope} factId={factId} entity={finding.entity} relation={finding.relation} target={finding.ref_target} source={source} />;
    case 'injection':
    case 'sensitive':
      if ((!canWrite && !canModerate) || !factId || !finding.relation) return <span className="text-xs text-slate-500">Quarantining needs admin, retracting write access to {scope}.</span>;
      return <IntegrityActions finding={finding} factId={factId} relation={finding.relation} scope={scope} actor={actor} />;
    case 'namespacing':
      if (!canWrite || !factId || !finding.relation) return readOnlyNote;
      return <NamespacingActions scope={scope} factIds={finding.fact_ids} entity={finding.entity} relation={finding.relation} suggested={finding.suggested_relation ?? `memory:${finding.relation}`} source={source} />;
  }
}


/** A planted or secret-bearing value: quarantine it (a moderator: out of every read, reversible) or retract it. */
function IntegrityActions({ finding, factId, relation, scope, actor }: { finding: LintFinding; factId: string; relation: string; scope: string; actor: FindingActor }) {
  const what = (
    <>
      the value of <span className="font-mono wrap-anywhere">{relation}</span> on <span className="font-mono wrap-anywhere">{finding.entity}</span>
    </>
  );
  const signals = (finding.signals ?? []).map((s) => s.split(':').slice(0, 2).join(':'));
  const reason = `lint ${finding.check}${finding.score !== undefined ? ` (score ${finding.score.toFixed(2)})` : ''}${signals.length ? `: ${[...new Set(signals)].join(', ')}` : ''}`;
  return (
    <div className="flex flex-wrap gap-2">
      {actor.canModerate ? <QuarantineButton factId={factId} defaultReason={reason} what={what} ariaLabel={rowActionName('Quarantine', finding)} /> : null}
      {actor.canWrite ? (
        <RetractButton factId={factId} source={actor.source} label="Retract" ariaLabel={rowActionName('Retract', finding)} title="Retract this value?">
          Asserts confidence 0 for {what} in scope {scope}. Facts are immutable: the history keeps the value
          {finding.check === 'sensitive' ? ', so rotate the secret as well; quarantine and reject it to keep it out of the history too' : ''}.
        </RetractButton>
      ) : null}
    </div>
  );
}
