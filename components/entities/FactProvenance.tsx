import type { FactRecord } from '@/lib/facts/fact-record';

/** What an entry of derived_from names: a fact id or hash when it carries one, else its JSON. */
function describeEntry(entry: unknown): string {
  if (entry && typeof entry === 'object') {
    const named = ['fact_id', 'id', 'hash', 'fact_hash', 'cid'].map((key) => (entry as Record<string, unknown>)[key]).find((v) => typeof v === 'string');
    if (typeof named === 'string') return named;
  }
  return JSON.stringify(entry);
}

/** A fact's provenance under its value: a derived summary's mark and what it was derived from, and the writer's session. */
export function FactProvenance({ fact }: { fact: Pick<FactRecord, 'write_mode' | 'derived_from' | 'session_id'> }) {
  const derived = fact.derived_from ?? [];
  const summary = fact.write_mode === 'summarize_with_provenance';
  if (!summary && !derived.length && !fact.session_id) return null;
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-500" data-testid="fact-provenance">
      {summary ? <span className="inline-block rounded bg-violet-50 px-1.5 py-0.5 font-medium text-violet-800 ring-1 ring-violet-200 ring-inset">derived summary</span> : null}
      {derived.length ? (
        <div>
          derived from{' '}
          {derived.map((entry, i) => (
            <span key={i} className="font-mono wrap-anywhere">
              {i ? ', ' : ''}
              {describeEntry(entry)}
            </span>
          ))}
        </div>
      ) : null}
      {fact.session_id ? (
        <div>
          session <span className="font-mono wrap-anywhere">{fact.session_id}</span>
        </div>
      ) : null}
    </div>
  );
}
