import { canonicalValue, type FactValue } from '../facts/fact-value';
import type { Hlc } from '../time/hlc';
import type { FactInput } from '../facts/parse-fact-input';
import type { FactScope } from '../facts/scope';
import { EntityRegistry, type EntityRef } from './entity-registry';
import { idAt, hashString, Prng } from './prng';
import { EPISODE_WEIGHTS, type Episode, type SeedFactKind, TENANTS } from './seed-plan';
import { hlcAt, seedTimeline, type Timeline } from './seed-timeline';
import { PENDING_MAX, type TripleSlot, TripleWindow } from './triple-window';
import { ENTITY_KINDS, KIND_WEIGHTS, pickConfidence, pickSource, RELATIONS, type RelationSpec, SCOPE_WEIGHTS, type ValueContext } from './vocabulary';

// The seed generator: pure and deterministic. The same (facts, seed, idSpace, now) always yields
// the same facts — ids, values, sources, timestamps, HLCs. Only `now` moves the "expiring soon"
// valid_until values. It keeps constant memory whatever the size: entities are numbered per scope
// and kind (names derive from the number), and it remembers only a bounded window of recent
// triples (for history, contradictions and retractions) and of planned-but-unwritten relations.

export interface SeedOptions {
  facts: number;
  seed: number;
  /** 0 for the first knowledge base of this seed; k > 0 writes another tenant with fresh ids. */
  idSpace?: number;
  /** Real current time: only the "expiring soon" valid_until values depend on it. */
  now: Date;
  timeline?: Timeline;
  windowSize?: number;
  /**
   * Write every fact in this one scope (the benchmark's one-scope knowledge base). Entity names are
   * numbered per scope, so moving a multi-scope knowledge base into one scope afterwards would
   * merge unrelated triples of equal names into false contradictions.
   */
  onlyScope?: FactScope;
}

export interface SeedFact {
  input: FactInput & { id: string; hlc: Hlc; timestamp: Date };
  kind: SeedFactKind;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function tenantDomain(idSpace: number): string {
  return `${TENANTS[idSpace] ?? `tenant-${idSpace}`}.example`;
}

/** The id of the index-th fact of (seed, idSpace), without generating anything. */
export function seedFactId(seed: number, idSpace: number, index: number): string {
  return idAt(hashString(`ids:${seed}:${idSpace}`), index);
}

export function* generateKnowledgeBase(options: SeedOptions): Generator<SeedFact> {
  yield* new KnowledgeBaseGenerator(options).run();
}

/** The facts in batches (the last one may be short). */
export function* seedBatches(options: SeedOptions, batchSize: number): Generator<SeedFact[]> {
  let batch: SeedFact[] = [];
  for (const fact of generateKnowledgeBase(options)) {
    batch.push(fact);
    if (batch.length === batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

class KnowledgeBaseGenerator {
  private readonly rng: Prng;
  private readonly jitter: Prng;
  private readonly idKey: readonly number[];
  private readonly timeline: Timeline;
  private readonly idSpace: number;
  private readonly entities: EntityRegistry;
  private readonly window: TripleWindow;
  private index = 0;
  private lastHlc: Hlc | null = null;
  private wall = 0;

  constructor(private readonly options: SeedOptions) {
    this.rng = new Prng(`content:${options.seed}`);
    this.jitter = new Prng(`time:${options.seed}`);
    this.idSpace = options.idSpace ?? 0;
    this.idKey = hashString(`ids:${options.seed}:${this.idSpace}`);
    this.entities = new EntityRegistry(tenantDomain(this.idSpace), this.rng);
    this.window = new TripleWindow(this.rng, options.windowSize ?? 50_000);
    this.timeline = options.timeline ?? seedTimeline(options.facts, options.seed, { nowMs: options.now.getTime() });
  }

  *run(): Generator<SeedFact> {
    while (this.index < this.options.facts) {
      for (const fact of this.episode(this.rng.weighted(EPISODE_WEIGHTS))) {
        yield fact;
        if (this.index >= this.options.facts) return;
      }
    }
  }

  private episode(kind: Episode): Generator<SeedFact> | SeedFact[] {
    switch (kind) {
      case 'reassert': return this.reassert() ?? this.assertNew();
      case 'update': return this.update() ?? this.assertNew();
      case 'contradiction': return this.contradict() ?? this.assertNew();
      case 'expired': return this.rng.chance(0.6) ? (this.reassertWithExpiry('expired') ?? this.assertNew()) : (this.assertPending('expired') ?? this.assertNew());
      case 'expiring_soon': return this.rng.chance(0.6) ? (this.reassertWithExpiry('expiring_soon') ?? this.assertNew()) : (this.assertPending('expiring_soon') ?? this.assertNew());
      case 'retract_value': return this.retractValue() ?? this.assertNew();
      case 'retract_triple': return this.retractTriple() ?? this.assertNew();
      case 'orphan': return this.orphanEntity();
      case 'broken_ref': return this.assertPending('broken_ref') ?? this.assertNew();
      default: return this.assertNew();
    }
  }

  private pickScope(): FactScope {
    const scope = this.rng.weighted(SCOPE_WEIGHTS);
    return this.options.onlyScope ?? scope;
  }

  // ---- emitting facts -------------------------------------------------------------------------

  /** Advances the clock to the next fact's slot; values made before emit() see this wall time. */
  private tick(): number {
    this.lastHlc = hlcAt(this.timeline, this.index, this.jitter.next(), this.lastHlc);
    // Another id space of the same seed is shifted by a few milliseconds so HLCs never tie.
    this.wall = this.lastHlc.wall + this.idSpace;
    return this.wall;
  }

  private emit(kind: SeedFactKind, fact: Omit<FactInput, 'id' | 'hlc' | 'timestamp'>): SeedFact {
    const hlc = { wall: this.wall, counter: this.lastHlc!.counter };
    const id = idAt(this.idKey, this.index);
    this.index += 1;
    return { kind, input: { ...fact, id, hlc, timestamp: new Date(hlc.wall) } };
  }

  private valueContext(scope: FactScope, self: EntityRef | null, broken: boolean): ValueContext {
    const target: ValueContext['target'] = (kind) => (broken ? this.entities.brokenTarget(scope, kind) : this.entities.existingTarget(scope, kind, self));
    return { rng: this.rng, wall: this.wall, target };
  }

  private pastValidUntil(): Date {
    const room = Math.max(1, this.timeline.endMs - this.wall);
    return new Date(this.wall + 1 + Math.floor(Math.min(this.rng.between(HOUR_MS, 21 * DAY_MS), room * this.rng.between(0.1, 0.9))));
  }

  private soonValidUntil(): Date {
    return new Date(Math.floor((this.options.now.getTime() + this.rng.between(1, 7) * DAY_MS) / 1000) * 1000);
  }

  // ---- episodes -------------------------------------------------------------------------------

  private otherSource(scope: FactScope, not: string): string {
    for (let tries = 0; tries < 8; tries++) {
      const source = pickSource(this.rng, scope);
      if (source !== not) return source;
    }
    return not.startsWith('agent:') ? 'user:alice-1' : 'agent:planner-1';
  }

  /** A new triple: a relation planned for an existing entity, or a new entity's anchor fact. */
  private assertNew(): SeedFact[] {
    const pending = this.window.pendingCount;
    const popChance = pending >= PENDING_MAX ? 1 : pending / (pending + 40);
    if (this.rng.chance(popChance)) {
      const planned = this.assertPending('assert');
      if (planned) return planned;
    }
    const scope = this.pickScope();
    const kind = this.rng.weighted(KIND_WEIGHTS[scope]);
    const { entity, self } = this.entities.register(scope, kind);
    for (const spec of RELATIONS[kind].others) {
      if (this.window.pendingCount < PENDING_MAX && this.rng.chance(0.75)) this.window.plan({ scope, entity, spec, self });
    }
    return [this.assertTriple(scope, entity, RELATIONS[kind].anchor, self, true, 'assert', null)!];
  }

  private assertTriple(scope: FactScope, entity: string, spec: RelationSpec, self: EntityRef, anchor: boolean, kind: SeedFactKind, validUntil: Date | null): SeedFact | null {
    this.tick();
    const value = spec.make(this.valueContext(scope, self, kind === 'broken_ref'));
    if (!value) return null;
    const source = pickSource(this.rng, scope);
    const fact = this.emit(kind, { entity, relation: spec.relation, scope, value, source, confidence: pickConfidence(this.rng), validUntil });
    const live = kind !== 'expired' && kind !== 'broken_ref';
    // Broken refs and never-live triples stay out of the window: nothing later revives them.
    if (live) this.window.remember({ scope, entity, relation: spec.relation, spec, anchor, self, values: [{ value, key: canonicalValue(value), source, live }] });
    return fact;
  }

  private assertPending(kind: 'assert' | 'expired' | 'expiring_soon' | 'broken_ref'): SeedFact[] | null {
    const accept = (planned: { spec: RelationSpec }) => kind === 'assert' || (kind === 'broken_ref') === Boolean(planned.spec.refKind);
    return this.window.takePlanned(accept, (planned) => {
      const validUntil = kind === 'expiring_soon' ? this.soonValidUntil() : null;
      const fact = this.assertTriple(planned.scope, planned.entity, planned.spec, planned.self, false, kind, validUntil);
      // The expiry depends on the fact's own wall time, known only once its slot is taken.
      if (fact && kind === 'expired') fact.input.validUntil = this.pastValidUntil();
      return fact ? [fact] : null;
    });
  }

  private reassert(): SeedFact[] | null {
    const slot = this.window.findLive({ anchorOk: true });
    if (!slot) return null;
    const value = this.rng.pick(slot.values.filter((v) => v.live));
    this.tick();
    const source = this.rng.chance(0.6) ? value.source : pickSource(this.rng, slot.scope);
    return [this.emit('reassert', { ...this.tripleOf(slot), value: value.value, source, confidence: pickConfidence(this.rng), validUntil: null })];
  }

  private reassertWithExpiry(kind: 'expired' | 'expiring_soon'): SeedFact[] | null {
    const slot = this.window.findLive({ anchorOk: false });
    if (!slot) return null;
    const value = this.rng.pick(slot.values.filter((v) => v.live));
    this.tick();
    const validUntil = kind === 'expired' ? this.pastValidUntil() : this.soonValidUntil();
    if (kind === 'expired') value.live = false;
    return [this.emit(kind, { ...this.tripleOf(slot), value: value.value, source: value.source, confidence: pickConfidence(this.rng), validUntil })];
  }

  private freshValue(slot: TripleSlot): FactValue | null {
    for (let tries = 0; tries < 6; tries++) {
      const value = slot.spec.make(this.valueContext(slot.scope, slot.self, false));
      if (value && !slot.values.some((v) => v.key === canonicalValue(value))) return value;
    }
    return null;
  }

  /** Another source asserts a second live value in a live triple: a conflict at write time. */
  private contradict(): SeedFact[] | null {
    const slot = this.window.findLive({ anchorOk: true, singleLive: true });
    if (!slot) return null;
    this.tick();
    const value = this.freshValue(slot);
    if (!value) return null;
    const current = slot.values.find((v) => v.live)!;
    const source = this.otherSource(slot.scope, current.source);
    slot.values.push({ value, key: canonicalValue(value), source, live: true });
    return [this.emit('contradiction', { ...this.tripleOf(slot), value, source, confidence: pickConfidence(this.rng), validUntil: null })];
  }

  /** A value changes: its source retracts the old value (one-value retraction), then asserts the new one. */
  private update(): SeedFact[] | null {
    const slot = this.window.findLive({ anchorOk: true, singleLive: true });
    if (!slot) return null;
    const old = slot.values.find((v) => v.live)!;
    this.tick();
    const retraction = this.emit('retract_value', { ...this.tripleOf(slot), value: old.value, source: old.source, confidence: 0, validUntil: null });
    old.live = false;
    this.tick();
    const value = this.freshValue(slot);
    if (!value) return [retraction];
    slot.values.push({ value, key: canonicalValue(value), source: old.source, live: true });
    return [retraction, this.emit('update', { ...this.tripleOf(slot), value, source: old.source, confidence: pickConfidence(this.rng), validUntil: null })];
  }

  /** Retracts one asserted value: half the time the weaker side of a contradiction. */
  private retractValue(): SeedFact[] | null {
    const contested = this.rng.chance(0.5) ? this.window.find((s) => s.values.filter((v) => v.live).length >= 2) : null;
    const slot = contested ?? this.window.findLive({ anchorOk: false });
    if (!slot) return null;
    const value = this.rng.pick(slot.values.filter((v) => v.live));
    this.tick();
    const source = this.rng.chance(0.7) ? value.source : this.otherSource(slot.scope, value.source);
    value.live = false;
    return [this.emit('retract_value', { ...this.tripleOf(slot), value: value.value, source, confidence: 0, validUntil: null })];
  }

  /** Retracts a whole triple with a value it never held (the value is not significant). */
  private retractTriple(): SeedFact[] | null {
    const slot = this.window.findLive({ anchorOk: false });
    if (!slot) return null;
    const value: FactValue = slot.values.some((v) => v.value.type === 'null') ? { type: 'string', v: '(withdrawn)' } : { type: 'null', v: null };
    this.tick();
    for (const v of slot.values) v.live = false;
    return [this.emit('retract_triple', { ...this.tripleOf(slot), value, source: pickSource(this.rng, slot.scope), confidence: 0, validUntil: null })];
  }

  /** An entity every fact of which ends up expired or retracted (never a window slot, never revived). */
  private *orphanEntity(): Generator<SeedFact> {
    const scope = this.pickScope();
    const kind = this.rng.pick(ENTITY_KINDS);
    const entity = this.entities.registerOrphan(scope, kind);
    const specs = [RELATIONS[kind].anchor, ...RELATIONS[kind].others.filter((s) => !s.refKind && this.rng.chance(0.5))];
    const toRetract: { spec: RelationSpec; value: FactValue; source: string }[] = [];
    for (const spec of specs) {
      this.tick();
      const value = spec.make(this.valueContext(scope, null, false))!;
      const source = pickSource(this.rng, scope);
      const expires = this.rng.chance(0.4);
      yield this.emit('orphan', { entity, relation: spec.relation, scope, value, source, confidence: pickConfidence(this.rng), validUntil: expires ? this.pastValidUntil() : null });
      if (!expires) toRetract.push({ spec, value, source });
    }
    for (const { spec, value, source } of toRetract) {
      this.tick();
      const wide = this.rng.chance(0.3);
      yield this.emit('orphan', { entity, relation: spec.relation, scope, value: wide ? { type: 'null', v: null } : value, source, confidence: 0, validUntil: null });
    }
  }

  private tripleOf(slot: TripleSlot) {
    return { entity: slot.entity, relation: slot.relation, scope: slot.scope };
  }
}
