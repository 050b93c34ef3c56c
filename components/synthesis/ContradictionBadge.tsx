import { Link } from '@/components/ui/Link';
import type { FactValue } from '@/lib/facts/fact-value';
import { factValueText, formatConfidence } from '@/lib/facts/view/fact-value-text';
import { conflictHref } from '@/lib/conflicts/view/conflict-href';

const ALT_PREVIEW = 60;

/** On a contradicted entry: the competing value and its confidence, linking to the conflict to decide it. */
export function ContradictionBadge({ conflictId, altValue, altConfidence }: { conflictId?: string; altValue?: FactValue | null; altConfidence?: number | null }) {
  const alt = altValue ? factValueText(altValue) : null;
  const short = alt && alt.length > ALT_PREVIEW ? `${alt.slice(0, ALT_PREVIEW)}…` : alt;
  const body = (
    <>
      <span className="flex items-center gap-1 font-semibold">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5 shrink-0" fill="currentColor">
          <path fillRule="evenodd" d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495zM10 6a.75.75 0 01.75.75v3.5a.75.75 0 01-1.5 0v-3.5A.75.75 0 0110 6zm0 9a1 1 0 100-2 1 1 0 000 2z" clipRule="evenodd" />
        </svg>
        Contradicted
      </span>
      {short !== null ? (
        <span className="block font-normal wrap-anywhere" data-testid="contradiction-alt">
          also: {short} <span className="tabular-nums">({formatConfidence(altConfidence)})</span>
        </span>
      ) : null}
    </>
  );
  const name = `Contradicted: also ${alt ?? 'another value'}${altConfidence !== null && altConfidence !== undefined ? ` at ${formatConfidence(altConfidence)}` : ''}`;
  const className = 'inline-block max-w-64 rounded-lg bg-orange-50 px-2 py-1 text-left text-xs text-orange-900 ring-1 ring-orange-600/40 ring-inset';
  if (!conflictId) {
    return (
      // A badge with a role and a name: getByRole('img', { name: /^Contradicted/ }) finds it.
      <span role="img" aria-label={name} className={className} data-testid="contradiction-badge">
        {body}
      </span>
    );
  }
  return (
    <Link
      href={conflictHref(conflictId)}
      className={`${className} hover:bg-orange-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600`}
      data-testid="contradiction-badge"
      aria-label={`${name}. Review the conflict`}
      title={alt ?? undefined}
    >
      {body}
    </Link>
  );
}
