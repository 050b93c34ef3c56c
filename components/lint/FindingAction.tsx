import { Link } from '@/components/ui/Link';
import { conflictHref, entityHref } from '@/lib/conflicts/view/conflict-href';
import type { LintFinding } from '@/lib/lint/lint-request';
import { linkStyles } from '../ui/styles';
import { BrokenRefActions } from './BrokenRefActions';
import { NamespacingActions } from './NamespacingActions';
import { StaleActions } from './StaleActions';

/** The remediation of one finding (§14.6), next to it in the table. */
export function FindingAction({ finding, scope, canWrite, source }: { finding: LintFinding; scope: string; canWrite: boolean; source: string }) {
  const factId = finding.fact_ids[0];
  const readOnlyNote = <span className="text-xs text-slate-500">Fixing needs write access to {scope}.</span>;
  switch (finding.check) {
    case 'contradiction':
      return finding.conflict_id ? (
        <Link href={conflictHref(finding.conflict_id)} className={`${linkStyles} whitespace-nowrap`} aria-label={`Resolve the conflict on ${finding.entity} ${finding.relation}`}>
          Resolve conflict →
        </Link>
      ) : null;
    case 'orphan':
      return (
        <Link href={entityHref(finding.entity)} className={`${linkStyles} whitespace-nowrap`} aria-label={`Open entity ${finding.entity}`}>
          Open entity →
        </Link>
      );
    case 'stale':
      if (!canWrite || !factId || !finding.relation) return readOnlyNote;
      return <StaleActions scope={scope} factId={factId} entity={finding.entity} relation={finding.relation} source={source} />;
    case 'broken_ref':
      if (!canWrite || !factId || !finding.relation || !finding.ref_target) return readOnlyNote;
      return <BrokenRefActions scope={scope} factId={factId} entity={finding.entity} relation={finding.relation} target={finding.ref_target} source={source} />;
    case 'namespacing':
      if (!canWrite || !factId || !finding.relation) return readOnlyNote;
      return <NamespacingActions scope={scope} factIds={finding.fact_ids} entity={finding.entity} relation={finding.relation} suggested={finding.suggested_relation ?? `memory:${finding.relation}`} source={source} />;
  }
}

