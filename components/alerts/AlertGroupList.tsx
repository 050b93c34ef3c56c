'use client';

import { useState } from 'react';
import type { AlertGroupRecord } from '@/lib/alerts/alert-groups';
import { useAcknowledgeManyMutation } from '@/lib/alerts/hooks/use-alert-mutations';
import { buttonStyles } from '../ui/styles';
import { InlineError } from '../ui/InlineError';
import { AlertCard } from './AlertCard';

/** The alerts grouped by rule and scope, with a selection acknowledged in one call (all or nothing). */
export function AlertGroupList({ groups, writableScopes }: { groups: AlertGroupRecord[]; writableScopes: string[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const ack = useAcknowledgeManyMutation();
  const chosen = groups.filter((g) => selected.has(g.key) && writableScopes.includes(g.scope));
  const ids = chosen.flatMap((g) => g.open_alert_ids);
  return (
    <>
      {groups.some((g) => g.open_alert_ids.length && writableScopes.includes(g.scope)) ? (
        <div className="mb-3 flex flex-wrap items-center gap-3 text-sm" data-testid="alert-bulk">
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!ids.length || ack.isPending}
            onClick={() => ack.mutate({ ids }, { onSuccess: () => setSelected(new Set()) })}
            data-testid="acknowledge-selected"
          >
            {ack.isPending ? 'Acknowledging…' : `Acknowledge selected (${ids.length})`}
          </button>
          <span className="text-slate-600">Select open alerts below; they are acknowledged together or not at all.</span>
          <InlineError error={ack.error} className="w-full text-xs text-rose-700" />
        </div>
      ) : null}
      <ul className="space-y-3" data-testid="alert-list">
        {groups.map((g) => (
          <AlertCard
            key={g.key}
            group={g}
            canAct={writableScopes.includes(g.scope)}
            selected={selected.has(g.key)}
            onSelect={(on) => setSelected((prev) => {
              const next = new Set(prev);
              if (on) next.add(g.key);
              else next.delete(g.key);
              return next;
            })}
          />
        ))}
      </ul>
    </>
  );
}
