import type { FactScope } from '../facts/scope';
import type { Prng } from './prng';
import { type EntityKind, entityName, entityUri } from './vocabulary';

// The seed's entities, in constant memory: entities are numbered per (scope, kind) and their URIs
// derive from the number, so the registry is a handful of counters. Every registered entity gets a
// permanent anchor fact when it is introduced, so a ref to one resolves; refs meant to be broken
// point at orphaned entities (all facts retracted or expired) or at names that never get a fact.

export interface EntityRef {
  kind: EntityKind;
  index: number;
}

const ORPHAN_PREFIX: Record<EntityKind, string> = { user: 'former', agent: 'retired', project: 'archived', doc: 'superseded' };

export class EntityRegistry {
  private readonly counts = new Map<string, number>();
  private readonly orphanCounts = new Map<string, number>();

  constructor(
    private readonly domain: string,
    private readonly rng: Prng,
  ) {}

  register(scope: FactScope, kind: EntityKind): { entity: string; self: EntityRef } {
    const index = this.next(this.counts, `${scope}:${kind}`);
    return { entity: entityUri(this.domain, kind, entityName(kind, index)), self: { kind, index } };
  }

  registerOrphan(scope: FactScope, kind: EntityKind): string {
    return this.orphanUri(kind, this.next(this.orphanCounts, `${scope}:${kind}`));
  }

  /** A registered entity of this kind in the scope (not `self`), or null if there is none yet. */
  existingTarget(scope: FactScope, kind: EntityKind, self: EntityRef | null): string | null {
    const count = this.counts.get(`${scope}:${kind}`) ?? 0;
    let index = this.rng.int(count);
    if (self && self.kind === kind && index === self.index) index = count > 1 ? (index + 1) % count : -1;
    return count && index >= 0 ? entityUri(this.domain, kind, entityName(kind, index)) : null;
  }

  /** A ref target with no live facts: an orphaned entity of the scope, or one that never had any. */
  brokenTarget(scope: FactScope, kind: EntityKind): string {
    const orphans = this.orphanCounts.get(`${scope}:${kind}`) ?? 0;
    if (orphans && this.rng.chance(0.3)) return this.orphanUri(kind, this.rng.int(orphans));
    const [first] = entityName(kind, this.rng.int(64)).split(/-(?=\d+$)/);
    return entityUri(this.domain, kind, `${first}-legacy-${1 + this.rng.int(40)}`);
  }

  private orphanUri(kind: EntityKind, index: number): string {
    return entityUri(this.domain, kind, `${ORPHAN_PREFIX[kind]}-${entityName(kind, index)}`);
  }

  private next(counts: Map<string, number>, key: string): number {
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    return index;
  }
}
