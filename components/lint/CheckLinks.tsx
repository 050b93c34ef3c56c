import { Link } from '@/components/ui/Link';
import { LINT_CHECKS, type LintCheck } from '@/lib/lint/lint-request';
import { FINDING_COUNT_LABELS, formatFigure } from '@/lib/figures/figures';
import { linkStyles } from '../ui/styles';

/** Findings by check (every check of LINT_CHECKS) under the figure each counts (one contradiction finding = one contradicted triple), each opening the scope page filtered to it; checks without findings are left out. */
export function CheckLinks({ scope, counts }: { scope: string; counts: Record<LintCheck, number> }) {
  const present = LINT_CHECKS.filter((check) => counts[check] > 0);
  if (!present.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label={`What the findings in ${scope} are`}>
      {present.map((check) => (
        <li key={check}>
          <Link href={`/scopes/${scope}?check=${check}`} data-testid={`scope-${scope}-check-${check}`} className={linkStyles}>
            {FINDING_COUNT_LABELS[check]} <span className="tabular-nums">{formatFigure(counts[check])}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
