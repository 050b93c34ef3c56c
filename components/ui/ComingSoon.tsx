import { cardStyles } from './styles';

/** Placeholder body for pages whose feature arrives with a later issue. */
export function ComingSoon({ feature, issue, children }: { feature: string; issue: string; children?: React.ReactNode }) {
  return (
    <section aria-labelledby="coming-soon-title" className={`${cardStyles} p-8`} data-testid="coming-soon">
      <span className="inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/20 ring-inset">
        Coming with {issue}
      </span>
      <h2 id="coming-soon-title" className="mt-3 text-lg font-semibold text-slate-900">
        {feature} is not built yet
      </h2>
      {children ? <div className="mt-2 max-w-2xl text-sm text-slate-600">{children}</div> : null}
    </section>
  );
}
