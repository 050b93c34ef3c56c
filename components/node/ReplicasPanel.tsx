import type { ReplicaStatus } from '@/lib/db/replicas/replica-status';
import { lagText, readsText } from '@/lib/node/view/replica-view';
import { DateTime } from '../ui/DateTime';
import { cardStyles } from '../ui/styles';
import { ReplicaStateBadge } from './ReplicaStateBadge';

/** GET /v1/admin/replicas as a table: where whole-scope reads run, and how far behind each replica is. */
export function ReplicasPanel({ status }: { status: ReplicaStatus }) {
  return (
    <section aria-labelledby="replicas-title" data-testid="replicas" className={`${cardStyles} p-5`}>
      <h2 id="replicas-title" className="text-base font-semibold text-slate-900">
        Read replicas
      </h2>
      {status.configured ? (
        <>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            Lint, synthesis, decay previews, divergence, recall and the dashboard&apos;s health read from a replica once it has replayed every write committed
            before the read began, so they never miss a write. A replica more than {status.max_lag_ms.toLocaleString('en-US')} ms behind, or unreachable, is
            skipped and the primary serves. Writes and everything else run on the primary.
          </p>
          <p className="mt-1 text-xs text-slate-600" data-testid="replica-reads">
            Whole-scope reads since <DateTime iso={status.reads.since} />: {readsText(status.reads)}. Primary at <span className="font-mono">{status.primary_lsn}</span>.
          </p>
          <div className="mt-4 overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="replicas-table">
              <caption className="sr-only">State and lag of each read replica</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">Replica</th>
                  <th scope="col" className="px-3 py-2">State</th>
                  <th scope="col" className="px-3 py-2 text-right">Lag</th>
                  <th scope="col" className="px-3 py-2">Replayed up to</th>
                  <th scope="col" className="px-3 py-2 text-right">Reads served</th>
                  <th scope="col" className="px-3 py-2">Checked</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 tabular-nums">
                {status.replicas.map((replica) => (
                  <tr key={replica.replica} data-testid="replica-row" data-replica={replica.replica} data-state={replica.state}>
                    <td className="px-3 py-2 font-mono text-xs">{replica.replica}</td>
                    <td className="px-3 py-2">
                      <ReplicaStateBadge replica={replica} />
                      {replica.detail ? <p className="mt-1 max-w-md text-xs text-slate-600">{replica.detail}</p> : null}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap" data-testid="replica-lag">{lagText(replica)}</td>
                    <td className="px-3 py-2 font-mono text-xs">
                      {replica.replay_lsn ?? '—'}
                      {replica.replay_paused ? <span className="mt-0.5 block font-sans text-amber-800">replay paused</span> : null}
                    </td>
                    <td className="px-3 py-2 text-right">
                      {replica.reads.toLocaleString('en-US')}
                      {replica.failures ? <span className="block text-xs text-rose-700" title={replica.last_failure ?? undefined}>{replica.failures.toLocaleString('en-US')} failed</span> : null}
                    </td>
                    <td className="px-3 py-2 text-xs text-slate-600"><DateTime iso={replica.checked_at} fallback="never" /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="mt-1 max-w-3xl text-sm text-slate-600" data-testid="replicas-none">
          None configured: every read runs on the primary. Set <code className="font-mono text-xs">DATABASE_READ_URL</code> to one or more streaming replicas of{' '}
          <code className="font-mono text-xs">DATABASE_URL</code> (comma-separated) to move lint, synthesis, decay previews, divergence, recall and the
          dashboard&apos;s health onto them.
        </p>
      )}
    </section>
  );
}
