import type { StatusView } from '@/lib/openapi/view/reference-view';
import { cardStyles } from '../ui/styles';
import { DocText } from './DocText';

/** What each error status means, once for the page; every error body is {"error", "detail"}. */
export function ErrorLegend({ statuses }: { statuses: StatusView[] }) {
  return (
    <section aria-labelledby="api-errors-title" className={`${cardStyles} p-4`}>
      <h2 id="api-errors-title" className="text-base font-semibold text-slate-900">
        Errors
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Every error answers <code className="font-mono text-xs">{'{"error": "<code>", "detail": "<sentence>"}'}</code>. Each operation lists the statuses it can answer.
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[4rem_1fr]">
        {statuses.map(({ status, description }) => (
          <div key={status} className="contents">
            <dt className="font-mono text-slate-900">{status}</dt>
            <dd className="mb-1 text-slate-700 sm:mb-0">
              <DocText text={description} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
