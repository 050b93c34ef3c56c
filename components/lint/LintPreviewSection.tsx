import type { LintPreview } from '@/lib/lint/lint-preview';
import type { FindingsView } from '@/lib/lint/view/findings-query';
import type { FindingActor } from '@/lib/lint/view/finding-actor';
import { DateTime } from '../ui/DateTime';
import { cardStyles } from '../ui/styles';
import { FindingsTable } from './FindingsTable';

/**
 * Beside a large scope's running lint job: the first findings in lint's order, read as one page of
 * the paged lint when the job started (lib/lint/lint-preview.ts), each with its remediation.
 */
export function LintPreviewSection({ preview, scope, view, actor }: { preview: LintPreview; scope: string; view: FindingsView; actor: FindingActor }) {
  const shown = preview.findings.length;
  return (
    <section aria-labelledby="lint-preview-title" data-testid="lint-preview" className={`${cardStyles} mt-4 p-5`}>
      <h2 id="lint-preview-title" className="text-base font-semibold text-slate-900">
        {shown ? 'First findings, most severe first' : 'No findings so far'}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {shown ? `The first ${shown} in lint's order, read ` : 'A first page of lint read '}
        <DateTime iso={preview.checked_at} />
        {shown
          ? `${preview.more ? '; more follow' : ''}. The counts, the filters and every finding appear when the background lint finishes.`
          : ' found nothing; the background lint confirms it when it finishes.'}
      </p>
      {shown ? (
        <div className="mt-3">
          <FindingsTable scope={scope} findings={preview.findings} facts={preview.facts} view={view} actor={actor} testId="lint-preview-table" rowTestId="lint-preview-row" />
        </div>
      ) : null}
    </section>
  );
}
