import type { FactValue } from '../facts/fact-value';
import type { FactScope } from '../facts/scope';
import type { Prng } from './prng';

// What the seeded knowledge base talks about: entity kinds, their relations and plausible values.
// Each kind has an anchor relation (asserted when the entity is introduced, never expired or
// retracted wholesale, so refs to the entity stay resolvable) and a set of further relations.

export const ENTITY_KINDS = ['user', 'agent', 'project', 'doc'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export const FIRST_NAMES = [
  'alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory', 'niaj',
  'olivia', 'peggy', 'rupert', 'sybil', 'trent', 'victor', 'wendy', 'yusuf', 'zara', 'amara', 'bruno', 'chen',
  'dmitri', 'elena', 'farah', 'gustavo', 'hana', 'ines', 'jonas', 'kenji', 'lucia', 'mateo', 'noor', 'oskar',
] as const;
export const AGENT_ROLES = ['planner', 'researcher', 'summarizer', 'scheduler', 'coder', 'reviewer', 'triager', 'archivist'] as const;
const CODENAMES = ['apollo', 'borealis', 'cassini', 'delphi', 'everest', 'fjord', 'gemini', 'helios', 'ion', 'juno', 'kepler', 'lumen', 'meridian', 'nova', 'orion', 'pulsar'] as const;
const DOC_TOPICS = ['design-review', 'postmortem', 'runbook', 'rfc', 'onboarding', 'okr-brief', 'meeting-notes', 'spec', 'threat-model', 'retro'] as const;

const ROLES = ['staff engineer', 'product manager', 'designer', 'data scientist', 'engineering manager', 'site reliability engineer', 'security analyst', 'technical writer', 'support lead', 'researcher'];
const CITIES = ['Berlin', 'Lisbon', 'Toronto', 'Nairobi', 'Singapore', 'Austin', 'Warsaw', 'Montreal', 'Bangalore', 'Sydney', 'Madrid', 'Seoul', 'remote'];
const EDITORS = ['neovim', 'vscode', 'emacs', 'zed', 'intellij', 'helix', 'sublime'];
const TIMEZONES = ['Europe/Berlin', 'Europe/Lisbon', 'America/Toronto', 'Africa/Nairobi', 'Asia/Singapore', 'America/Chicago', 'Asia/Seoul', 'Australia/Sydney'];
const LANGUAGES = ['TypeScript', 'Python', 'Go', 'Rust', 'Kotlin', 'SQL'];
const STATUSES = ['proposed', 'planned', 'in progress', 'blocked', 'in review', 'shipped', 'paused'];
const MILESTONES = ['M1 prototype', 'M2 private beta', 'M3 public beta', 'GA', 'hardening', 'migration complete', 'cost review'];
const AGENT_FOCUS = ['release planning', 'incident triage', 'literature search', 'weekly summaries', 'calendar coordination', 'code review', 'dependency upgrades', 'knowledge-base hygiene'];
const TASKS = ['drafting the Q3 plan', 'on call this week', 'reviewing the migration PR', 'out of office', 'pairing on the ingest path', 'preparing the board update', 'triaging the support queue'];
const NOTE_OPENERS = ['Prefers', 'Asked for', 'Agreed to', 'Flagged', 'Mentioned', 'Wants', 'Committed to'];
const NOTE_OBJECTS = ['async updates over meetings', 'a weekly digest of blocked items', 'smaller pull requests', 'the cost dashboard before the review', 'a written design before any prototype', 'handoffs with a context summary', 'fewer pages outside business hours', 'the latency budget for search'];
const NOTE_TAILS = ['after the last retro.', 'during the planning sync.', 'in the 1:1 notes.', 'when the incident was closed.', 'in the kickoff doc.', 'on the team channel.'];

export type RefTargetKind = EntityKind;

export interface ValueContext {
  rng: Prng;
  /** Wall time (ms) of the fact being generated. */
  wall: number;
  /** An existing entity of this kind in the fact's scope, or null if there is none yet. */
  target: (kind: RefTargetKind) => string | null;
}

export interface RelationSpec {
  relation: string;
  /** Set for ref relations: the kind of entity the value points at. */
  refKind?: RefTargetKind;
  make: (ctx: ValueContext) => FactValue | null;
}

const str = (v: string): FactValue => ({ type: 'string', v });
const pickStr = (items: readonly string[]) => ({ rng }: ValueContext) => str(rng.pick(items));
const ref = (kind: RefTargetKind) => ({ target }: ValueContext): FactValue | null => {
  const uri = target(kind);
  return uri ? { type: 'ref', v: uri } : null;
};
const note = ({ rng }: ValueContext): FactValue => ({ type: 'text', v: `${rng.pick(NOTE_OPENERS)} ${rng.pick(NOTE_OBJECTS)} ${rng.pick(NOTE_TAILS)}` });
const DAY_MS = 86_400_000;

export const RELATIONS: Record<EntityKind, { anchor: RelationSpec; others: RelationSpec[] }> = {
  user: {
    anchor: { relation: 'memory:role', make: pickStr(ROLES) },
    others: [
      { relation: 'memory:location', make: pickStr(CITIES) },
      { relation: 'preference:editor', make: pickStr(EDITORS) },
      { relation: 'preference:timezone', make: pickStr(TIMEZONES) },
      { relation: 'preference:language', make: pickStr(LANGUAGES) },
      { relation: 'memory:note', make: note },
      { relation: 'memory:manager', refKind: 'user', make: ref('user') },
    ],
  },
  agent: {
    anchor: { relation: 'memory:role', make: ({ rng }) => str(`${rng.pick(AGENT_FOCUS)} agent`) },
    others: [
      { relation: 'intent:handoff_to', refKind: 'agent', make: ref('agent') },
      { relation: 'intent:context_ref', refKind: 'project', make: ref('project') },
      { relation: 'intent:current_task', make: pickStr(TASKS) },
      { relation: 'preference:max_parallel_tasks', make: ({ rng }) => ({ type: 'number', v: 1 + rng.int(8) }) },
      { relation: 'memory:note', make: note },
    ],
  },
  project: {
    anchor: { relation: 'roadmap:status', make: pickStr(STATUSES) },
    others: [
      { relation: 'roadmap:owner', refKind: 'user', make: ref('user') },
      { relation: 'roadmap:related', refKind: 'project', make: ref('project') },
      { relation: 'roadmap:milestone', make: pickStr(MILESTONES) },
      { relation: 'project:deadline', make: ({ rng, wall }) => ({ type: 'datetime', v: new Date(Math.floor((wall + rng.between(14, 200) * DAY_MS) / DAY_MS) * DAY_MS).toISOString() }) },
      { relation: 'project:budget', make: ({ rng }) => ({ type: 'number', v: 5_000 * (1 + rng.int(100)) }) },
      { relation: 'project:active', make: ({ rng }) => ({ type: 'boolean', v: rng.chance(0.8) }) },
      { relation: 'memory:note', make: note },
    ],
  },
  doc: {
    anchor: { relation: 'memory:title', make: ({ rng }) => str(`${rng.pick(['Notes on', 'Plan for', 'Review of', 'Draft:'])} ${rng.pick(NOTE_OBJECTS)}`) },
    others: [
      { relation: 'memory:summary', make: note },
      { relation: 'intent:context_ref', refKind: 'project', make: ref('project') },
      { relation: 'roadmap:owner', refKind: 'user', make: ref('user') },
    ],
  },
};

/** Which kinds of entity each scope talks about, and how much of the knowledge base each scope holds. */
export const SCOPE_WEIGHTS: Record<FactScope, number> = { company: 0.45, team: 0.33, local: 0.13, public: 0.09 };
export const KIND_WEIGHTS: Record<FactScope, Record<EntityKind, number>> = {
  company: { user: 0.3, agent: 0.15, project: 0.35, doc: 0.2 },
  team: { user: 0.35, agent: 0.2, project: 0.3, doc: 0.15 },
  local: { user: 0.45, agent: 0.25, project: 0.15, doc: 0.15 },
  public: { user: 0.15, agent: 0.1, project: 0.4, doc: 0.35 },
};

export function entityName(kind: EntityKind, index: number): string {
  const pool = kind === 'user' ? FIRST_NAMES : kind === 'agent' ? AGENT_ROLES : kind === 'project' ? CODENAMES : DOC_TOPICS;
  return `${pool[index % pool.length]}-${index + 1}`;
}

export function entityUri(domain: string, kind: EntityKind, name: string): string {
  return `stigmem://${domain}/${kind}/${name}`;
}

/** Sources: a handful of agents and the first few dozen people write most facts. */
export function pickSource(rng: Prng, scope: FactScope): string {
  const human = scope === 'local' ? rng.chance(0.8) : rng.chance(0.3);
  if (human) return `user:${entityName('user', rng.int(48))}`;
  return `agent:${entityName('agent', rng.int(24))}`;
}

/** Confidence: mostly 0.6–1.0, a tail of weaker claims. */
export function pickConfidence(rng: Prng): number {
  const roll = rng.next();
  const value = roll < 0.7 ? rng.between(0.8, 1) : roll < 0.95 ? rng.between(0.6, 0.8) : rng.between(0.3, 0.6);
  return Math.round(value * 100) / 100 || 0.3;
}
