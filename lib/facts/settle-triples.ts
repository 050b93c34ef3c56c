import type { Tx } from '../db/prisma';
import { isLive, type ApplyOptions, type ApplyResult, tripleKey } from './triple-state';
import { joinValue, type Leaver, leaveValue, settleTriple, stronger } from './contradiction-rules';
import { closeConflictsByRetraction, insertConflicts, loadWholeTriples, upsertContradictions } from './triple-store';
import { newConflictId, newContradictionId, writeConflictBookkeeping } from './write-facts';

// Writes that change a triple outside writeFactsInTx — the decay sweep's set-based facts, a decision
// whose cooldown a reopen ends — run the same contradiction rules (contradiction-rules.ts) over the
// whole triple here, and persist what they decide with the usual bookkeeping facts. Call holding
// the triples' locks (write-locks.ts), after the change itself is written (the rules read the heads as they now are).

export interface TripleChange {
  entity: string;
  relation: string;
  scope: string;
  /** Values the change left not live, and the fact that did it. */
  left?: { hash: string; leaver: Leaver }[];
  /** Let every live value join again (a reopened decision): the triple may contradict again at once. */
  rejoin?: boolean;
  /** Values that became live without a write of theirs (admitted from quarantine): each joins as a write would let it. */
  joined?: string[];
}

const ids: Omit<ApplyOptions, 'now'> = { newConflictId, newContradictionId };

export async function settleTriples(tx: Tx, changes: TripleChange[], now: Date): Promise<ApplyResult> {
  const result: ApplyResult = { opened: [], closed: [], dirtyHeads: [], contradictions: [] };
  if (!changes.length) return result;
  // One change per triple: a triple settles once.
  const byTriple = new Map<string, TripleChange>();
  for (const change of changes) {
    const key = tripleKey(change);
    const seen = byTriple.get(key);
    if (seen) byTriple.set(key, { ...seen, left: [...(seen.left ?? []), ...(change.left ?? [])], joined: [...(seen.joined ?? []), ...(change.joined ?? [])], rejoin: seen.rejoin || change.rejoin });
    else byTriple.set(key, change);
  }
  const states = await loadWholeTriples(tx, [...byTriple.values()], now);
  const options: ApplyOptions = { now, ...ids };
  for (const change of byTriple.values()) {
    const state = states.get(tripleKey(change))!;
    let leaver: Leaver | null = null;
    for (const left of change.left ?? []) {
      leaveValue(state, left.hash, left.leaver, now, result);
      leaver = left.leaver;
    }
    for (const hash of change.joined ?? []) {
      const head = state.heads.get(hash);
      if (head && isLive(head, now)) joinValue(state, hash, now, options, result);
    }
    if (change.rejoin) {
      // The strongest value last: the second strongest then joins against it, so it is the anchor.
      const live = [...state.heads.values()].filter((h) => isLive(h, now)).sort(stronger);
      for (const head of [...live.slice(1), ...live.slice(0, 1)]) joinValue(state, head.valueHash, now, options, result);
    }
    settleTriple(state, leaver, now, options, result);
    if (state.contradiction?.dirty) result.contradictions.push(state.contradiction);
  }
  await upsertContradictions(tx, result.contradictions);
  await insertConflicts(tx, result.opened);
  await closeConflictsByRetraction(tx, result.closed);
  await writeConflictBookkeeping(tx, result.opened, result.closed, now);
  return result;
}
