// The shape of a seeded knowledge base: which episodes the generator plays and how often.
// Weights are per episode; episodes write 1 fact, except update (2: retract old, assert new) and
// orphan (about 4–5: the entity's facts, then retractions of the ones that did not expire). The
// resulting shares of facts are checked by generate-knowledge-base.test.ts.

export type Episode =
  | 'assert'
  | 'reassert'
  | 'update'
  | 'contradiction'
  | 'expired'
  | 'expiring_soon'
  | 'retract_value'
  | 'retract_triple'
  | 'orphan'
  | 'broken_ref';

/** What each seeded fact is for (one tag per fact; an update's retraction counts as retract_value). */
export type SeedFactKind = Episode;

export const SEED_FACT_KINDS: readonly SeedFactKind[] = ['assert', 'reassert', 'update', 'contradiction', 'expired', 'expiring_soon', 'retract_value', 'retract_triple', 'orphan', 'broken_ref'];

export const EPISODE_WEIGHTS: Record<Episode, number> = {
  assert: 0.56,
  reassert: 0.15,
  update: 0.03,
  contradiction: 0.048,
  expired: 0.05,
  expiring_soon: 0.02,
  retract_value: 0.015,
  retract_triple: 0.01,
  orphan: 0.004,
  broken_ref: 0.01,
};

/** Entity URI domains: id space 0 is acme.example; --force-new-seed moves on to the next tenant. */
export const TENANTS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'wayne', 'stark', 'tyrell', 'soylent', 'cyberdyne'];
