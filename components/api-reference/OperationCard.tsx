import type { OperationView } from '@/lib/openapi/view/reference-view';
import { cardStyles } from '../ui/styles';
import { DocText } from './DocText';
import { FieldTable } from './FieldTable';
import { MethodBadge } from './MethodBadge';
import { SuccessAnswer } from './SuccessAnswer';

const SCOPE_TEXT: Record<string, string> = {
  input: 'the scopes it names',
  global: 'every scope',
  listing: 'the key’s scopes',
};

const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`);

/** One operation of the API: method and path, who may call it, its parameters and body, and what it answers. */
export function OperationCard({ operation }: { operation: OperationView }) {
  const { method, path, permission, scope, body } = operation;
  const label = `${method} ${path}`;
  return (
    <article id={operation.id} aria-label={label} className={`${cardStyles} scroll-mt-20`} data-testid="api-operation" data-operation={label}>
      {/* Closed by default: the page lists every operation, and one opens to its parameters, body and answers. */}
      <details className="group">
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-xl p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
          <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-90">
            ▸
          </span>
          <h3 className="flex min-w-0 flex-wrap items-center gap-2">
            <MethodBadge method={method} />
            <code className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{path}</code>
          </h3>
          <span className="text-xs text-slate-600">
            <span className="sr-only">Permission: </span>
            <span className="font-semibold text-slate-900" data-testid="api-permission">
              {permission}
            </span>
            {SCOPE_TEXT[scope] ? ` on ${SCOPE_TEXT[scope]}` : null}
          </span>
        </summary>
        <div className="border-t border-slate-200 p-4">
          {operation.description ? <p className="max-w-4xl text-sm text-slate-700">
              <DocText text={operation.description} />
            </p> : null}
          {operation.parameters.length ? (
            <div className="mt-3">
              <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Parameters</h4>
              <FieldTable rows={operation.parameters} caption={`Parameters of ${label}`} withLocation />
            </div>
          ) : null}
          {body ? (
            <div className="mt-3">
              <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">JSON body</h4>
              <p className="mt-1 text-xs text-slate-700">
                {body.required ? 'Required' : 'Optional'}
                {body.maxBytes ? `, at most ${formatBytes(body.maxBytes)}` : ''}.{body.note ? <> <DocText text={body.note} /></> : null}
              </p>
              {body.fields.length ? <FieldTable rows={body.fields} caption={`Body fields of ${label}`} /> : null}
            </div>
          ) : null}
          {operation.success.map((success) => (
            <SuccessAnswer key={success.status} success={success} label={label} />
          ))}
          <div className="mt-3 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs">
            <h4 className="font-semibold tracking-wide text-slate-600 uppercase">Answers</h4>
            <ul className="flex flex-wrap gap-1" aria-label={`Statuses of ${label}`} data-testid="api-statuses">
              {operation.success.map((success) => (
                <li key={success.status} className="rounded bg-emerald-50 px-1.5 py-0.5 font-mono text-emerald-800">
                  {success.status}
                </li>
              ))}
              {operation.errors.map((error) => (
                <li key={error.status} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700">
                  {error.status}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </details>
    </article>
  );
}
