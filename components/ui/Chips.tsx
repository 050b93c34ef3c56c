/** A short list of words (permissions, scopes) as small grey chips. */
export function Chips({ items, empty }: { items: string[]; empty: string }) {
  if (!items.length) return <span className="text-xs text-slate-500">{empty}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {items.map((item) => (
        <span key={item} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {item}
        </span>
      ))}
    </span>
  );
}
