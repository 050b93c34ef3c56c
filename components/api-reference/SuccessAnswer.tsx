import type { SuccessView } from '@/lib/openapi/view/reference-view';
import { FieldTable } from './FieldTable';

/** One success status: what it means, the media types it comes in, and the JSON body's fields. */
export function SuccessAnswer({ success, label }: { success: SuccessView; label: string }) {
  const shape = success.mediaTypes.length ? `${success.mediaTypes.join(' or ')}${success.type && !success.fields.length && !success.shapes.length ? `: ${success.type}` : ''}` : 'no body';
  return (
    <div className="mt-3">
      <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{success.status} answer</h4>
      <p className="mt-1 text-xs text-slate-700">
        {success.description} <span className="font-mono">{shape}</span>
      </p>
      {success.fields.length ? <FieldTable rows={success.fields} caption={`Fields of the ${success.status} answer of ${label}`} /> : null}
      {success.shapes.length ? <p className="mt-2 text-xs text-slate-700">One of {success.shapes.length} shapes:</p> : null}
      {success.shapes.map((shape) => (
        <div key={shape.label} className="mt-2">
          <p className="font-mono text-xs text-slate-700">{shape.label}</p>
          <FieldTable rows={shape.fields} caption={`Fields of the ${success.status} answer of ${label}, ${shape.label}`} />
        </div>
      ))}
    </div>
  );
}
