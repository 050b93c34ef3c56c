'use client';

import { useState } from 'react';
import { ApiClientError, errorDetail } from '@/lib/client/api-client';
import { useDismissConflictMutation } from '@/lib/conflicts/hooks/use-dismiss-conflict-mutation';
import { useResolveConflictMutation } from '@/lib/conflicts/hooks/use-resolve-conflict-mutation';
import { type UndoResult, useUndoDecisionMutation } from '@/lib/conflicts/hooks/use-undo-decision-mutation';
import type { ContradictionRecord } from '@/lib/conflicts/contradiction-record';
import { conflictName, suggestedIndex, suggestionNote, valueName } from '@/lib/conflicts/view/conflict-view';
import { type KeepCommand, keptIndex } from '@/lib/conflicts/view/queue-keys';
import { factValueText } from '../../facts/view/fact-value-text';
import { conflictHref } from '../view/conflict-href';

/** Accept the suggestion, keep value N (1-based), or dismiss: one decision for the whole contradicted triple. */
export type QueueAction = 'accept' | KeepCommand | 'dismiss';

export interface Announcement {
  id: number;
  tone: 'info' | 'success' | 'warning' | 'error';
  text: string;
  href?: string;
  /** The decision this message reports can be undone: the contradiction's id (its Undo button, and u). */
  undo?: string;
}

const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

const with_ = (set: ReadonlySet<string>, id: string) => new Set(set).add(id);
const without = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  next.delete(id);
  return next;
};

/**
 * Deciding contradictions from the queue: one resolve or dismiss per action, several may be in
 * flight. A contradiction being saved is in `saving`; once decided (or found decided by someone else,
 * 409) it is in `decided`. Every outcome is announced; a decision made here is announced with its
 * Undo, and `undo` takes back the last of them (u) or a named one. `decide` answers false when nothing was started.
 */
export function useQueueDecisions(announce: (message: Omit<Announcement, 'id'>) => void) {
  const resolve = useResolveConflictMutation();
  const dismiss = useDismissConflictMutation();
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  /** Decisions made here that may still be undone, the latest last. */
  const [undoable, setUndoable] = useState<{ id: string; name: string }[]>([]);
  const undoMutation = useUndoDecisionMutation();

  function markDecided(ids: string[]) {
    setDecided((current) => ids.reduce(with_, current));
  }

  function decide(conflict: ContradictionRecord, action: QueueAction): boolean {
    const id = conflict.contradiction_id;
    const name = conflictName(conflict);
    if (saving.has(id) || decided.has(id)) return false;
    let index: number | null = null;
    if (action === 'accept') {
      index = suggestedIndex(conflict);
      if (index === null) {
        announce({ tone: 'info', text: `No suggestion for ${name}: a person decides. Press a value's number to keep it, or d to dismiss.` });
        return false;
      }
    } else if (action !== 'dismiss') {
      index = keptIndex(action);
    }
    const fact = index === null ? null : (conflict.values[index]?.fact ?? null);
    if (index !== null && !fact) {
      const more = index >= conflict.values.length ? ` It has ${conflict.value_count} ${conflict.value_count === 1 ? 'value' : 'values'}.` : '';
      announce({ tone: 'error', text: `${name} has no readable ${valueName(index)}.${more} Open it to decide.`, href: conflictHref(id) });
      return false;
    }

    setSaving((current) => with_(current, id));
    const request =
      action === 'dismiss'
        ? dismiss.mutateAsync({ conflictId: id, resolution_note: '' })
        : resolve.mutateAsync({
            conflictId: id,
            winning_fact_id: fact!.id,
            resolution_note: action === 'accept' && conflict.suggestion ? suggestionNote(conflict.suggestion) : '',
            retract_losers: true,
          });
    request.then(
      () => {
        markDecided([id]);
        setUndoable((current) => [...current.filter((d) => d.id !== id), { id, name }]);
        const kept = fact ? `“${preview(factValueText(fact.value))}” (${valueName(index!)})` : '';
        announce(
          action === 'dismiss'
            ? { tone: 'success', text: `Dismissed ${name}: not a contradiction. Its values stay quiet during the cooldown.`, href: conflictHref(id), undo: id }
            : { tone: 'success', text: `Kept ${kept} for ${name}${action === 'accept' ? `, as suggested on ${conflict.suggestion?.basis}` : ''}.`, href: conflictHref(id), undo: id },
        );
      },
      (error: unknown) => {
        if (error instanceof ApiClientError && error.status === 409) {
          markDecided([id]);
          announce({ tone: 'warning', text: `${name} was already decided by someone else; it left the queue.`, href: conflictHref(id) });
        } else {
          announce({ tone: 'error', text: `Could not decide ${name}: ${errorDetail(error)}`, href: conflictHref(id) });
        }
      },
    ).finally(() => setSaving((current) => without(current, id)));
    return true;
  }

  /** Takes back decision `id` (default: the last one made here). Resolves with the reopened contradiction, or null when nothing was undone. */
  function undo(id?: string): Promise<UndoResult | null> {
    const target = id ? undoable.find((d) => d.id === id) : undoable[undoable.length - 1];
    if (!target) {
      announce({ tone: 'info', text: 'Nothing to undo: no decision was made on this page yet.' });
      return Promise.resolve(null);
    }
    if (undoMutation.isPending) return Promise.resolve(null);
    setUndoable((current) => current.filter((d) => d.id !== target.id));
    return undoMutation.mutateAsync(target.id).then(
      (result) => {
        announce({
          tone: 'success',
          text: `Undid the decision on ${target.name}: its values are back as they were, and it is open again.`,
          href: result.reopened_contradiction_id ? conflictHref(result.reopened_contradiction_id) : undefined,
        });
        return result;
      },
      (error: unknown) => {
        announce({ tone: 'error', text: `Could not undo the decision on ${target.name}: ${errorDetail(error)}`, href: conflictHref(target.id) });
        return null;
      },
    );
  }

  return { decide, saving, decided, markDecided, undo, undoing: undoMutation.isPending };
}
