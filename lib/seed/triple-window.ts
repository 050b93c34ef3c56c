import type { FactValue } from '../facts/fact-value';
import type { FactScope } from '../facts/scope';
import type { EntityRef } from './entity-registry';
import type { Prng } from './prng';
import type { RelationSpec } from './vocabulary';

// What the generator remembers, in bounded memory: a ring of recently written triples with the
// values each held and whether they are still live (history, contradictions, retractions and
// expiries pick from it), and a bag of relations planned for entities but not written yet. A
// triple that falls out of the ring is never touched again, so its recorded state stays complete.

export interface ValueSlot {
  value: FactValue;
  key: string;
  source: string;
  live: boolean;
}

export interface TripleSlot {
  scope: FactScope;
  entity: string;
  relation: string;
  spec: RelationSpec;
  /** The entity's anchor fact: never expired or retracted wholesale, so refs to it resolve. */
  anchor: boolean;
  self: EntityRef;
  values: ValueSlot[];
}

export interface PendingRelation {
  scope: FactScope;
  entity: string;
  spec: RelationSpec;
  self: EntityRef;
}

const PROBES = 12;
export const PENDING_MAX = 5_000;

export class TripleWindow {
  private readonly slots: TripleSlot[] = [];
  private cursor = 0;
  private readonly pending: PendingRelation[] = [];

  constructor(
    private readonly rng: Prng,
    private readonly size: number,
  ) {}

  remember(slot: TripleSlot): void {
    if (this.slots.length < this.size) this.slots.push(slot);
    else {
      this.slots[this.cursor] = slot;
      this.cursor = (this.cursor + 1) % this.size;
    }
  }

  /** A random remembered triple that `accept`s, after a few probes, or null. */
  find(accept: (slot: TripleSlot) => boolean): TripleSlot | null {
    for (let probe = 0; probe < PROBES && this.slots.length; probe++) {
      const slot = this.slots[this.rng.int(this.slots.length)];
      if (accept(slot)) return slot;
    }
    return null;
  }

  /** A triple with a live value (exactly one with singleLive), anchors only if anchorOk. */
  findLive(options: { anchorOk: boolean; singleLive?: boolean }): TripleSlot | null {
    return this.find((slot) => {
      const live = slot.values.filter((v) => v.live).length;
      return (options.anchorOk || !slot.anchor) && (options.singleLive ? live === 1 : live >= 1);
    });
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  plan(relation: PendingRelation): void {
    this.pending.push(relation);
  }

  /**
   * Takes random planned relations that `accept`s and hands each to `use` until one yields a
   * result (a planned ref with no target yet yields null and is dropped), after a few probes.
   */
  takePlanned<T>(accept: (planned: PendingRelation) => boolean, use: (planned: PendingRelation) => T | null): T | null {
    for (let probe = 0; probe < PROBES && this.pending.length; probe++) {
      const at = this.rng.int(this.pending.length);
      const planned = this.pending[at];
      if (!accept(planned)) continue;
      this.pending[at] = this.pending[this.pending.length - 1];
      this.pending.pop();
      const result = use(planned);
      if (result) return result;
    }
    return null;
  }
}
