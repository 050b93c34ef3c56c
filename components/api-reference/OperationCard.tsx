import type { OperationView } from '@/lib/openapi/view/reference-view';
import { cardStyles } from '../ui/styles';
import { FieldTable } from './FieldTable';
import { MethodBadge } from './MethodBadge';

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
    <article id={operation.id} aria-label={label} className={`${cardStyles} scroll-mt-20 p-4`} data-testid="api-operation" data-operation={label}>
      <h3 className="flex flex-wrap items-center gap-2">
        <MethodBadge method={method} />
        <code className="min-w-0 font-mono text-sm font-semibold break-all text-slate-900">{path}</code>
      </h3>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs">
        <div className="flex gap-1.5">
          <dt className="text-slate-600">Permission</dt>
          <dd className="font-semibold text-slate-900" data-testid="api-permission">
            {permission}
          </dd>
        </div>
        {SCOPE_TEXT[scope] ? (
          <div className="flex gap-1.5">
            <dt className="text-slate-600">On</dt>
            <dd className="text-slate-900">{SCOPE_TEXT[scope]}</dd>
          </div>
        ) : null}
      </dl>
      {operation.description ? <p className="mt-2 max-w-4xl text-sm text-slate-700">{operation.description}</p> : null}
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
            {body.maxBytes ? `, at most ${formatBytes(body.maxBytes)}` : ''}.{body.note ? ` ${body.note}` : ''}
          </p>
          {body.fields.length ? <FieldTable rows={body.fields} caption={`Body fields of ${label}`} /> : null}
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs">
        <h4 className="font-semibold tracking-wide text-slate-600 uppercase">Answers</h4>
        <ul className="flex flex-wrap gap-1" aria-label={`Statuses of ${label}`} data-testid="api-statuses">
          <li className="rounded bg-emerald-50 px-1.5 py-0.5 font-mono text-emerald-800">{operation.success.status}</li>
          {operation.errors.map((error) => (
            <li key={error.status} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700">
              {error.status}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
