import type { ReplicaView } from '@/lib/db/replicas/replica-status';
import { STATE_WORDS } from '@/lib/node/view/replica-view';

const tones: Record<ReplicaView['state'], string> = {
  serving: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  lagging: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  down: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  not_a_replica: 'bg-rose-50 text-rose-800 ring-rose-600/30',
  unchecked: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

/** A replica's state as a pill; the words carry the meaning, with the reason as its tooltip. */
export function ReplicaStateBadge({ replica }: { replica: ReplicaView }) {
  return (
    <span
      title={replica.detail ?? undefined}
      data-testid="replica-state"
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[replica.state]}`}
    >
      {STATE_WORDS[replica.state]}
    </span>
  );
}
