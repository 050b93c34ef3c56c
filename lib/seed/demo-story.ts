import type { Principal } from '../auth/principal';
import { dismissConflict } from '../conflicts/dismiss-conflict';
import { resolveConflict } from '../conflicts/resolve-conflict';
import { getDb } from '../db/prisma';
import { createPolicy, listPolicies } from '../decay/policy-store';
import { DomainError } from '../errors/domain-error';
import type { FactValue } from '../facts/fact-value';
import type { FactInput } from '../facts/parse-fact-input';
import { FACT_SCOPES, type FactScope } from '../facts/scope';
import { writeFacts } from '../facts/write-facts';
import { lintRequestSchema } from '../lint/lint-request';
import { runLint } from '../lint/run-lint';
import { saveSnapshot } from '../synthesis/snapshots';
import { Prng } from './prng';

// The demo's story (npm run demo, docs/decisions.md § Demo data), played on top of the generated
// knowledge base so that every page has something to show:
//   - contradictions are dated by the facts that opened them (the import wrote them "now"), so the
//     queue has aged, escalated conflicts and the review history has a shape;
//   - "public" is cleaned up completely (clean), "company" is half way (mid-cleanup: decisions with
//     notes, a few dismissed as false alarms), "team" is left to rot and gets more broken handoffs;
//   - agents re-assert one side of some open conflicts (recent evidence), so suggestions appear;
//   - three decay policies whose dry run changes real values;
//   - a synthesis snapshot of team and company a week ago and one now, so the diff has content.
// Deterministic for a seed: choices come from a Prng and rows are taken in (entity, relation) order.

export const DEMO_POLICIES = [
  { id: 'demo-intent-ttl', relation: 'intent:*', scope: 'team', mode: 'retract', ttl_s: 60 * 86_400, min_confidence: 0.1, exempt_relations: [] },
  { id: 'demo-notes-half-life', relation: 'memory:note', scope: '*', mode: 'confidence', half_life_s: 45 * 86_400, min_confidence: 0.25, exempt_relations: [] },
  { id: 'demo-preferences-half-life', relation: 'preference:*', scope: 'local', mode: 'confidence', half_life_s: 90 * 86_400, min_confidence: 0.3, exempt_relations: ['preference:timezone'] },
] as const;

const reviewer = (name: string): Principal => ({ keyId: null, entityUri: `stigmem://local/${name}`, permissions: ['admin'], allowedScopes: [...FACT_SCOPES], via: 'open' });

interface OpenConflict {
  id: string;
  entity: string;
  relation: string;
  scope: FactScope;
  fact_a_id: string;
  fact_b_id: string;
  value_a: FactValue;
  value_b: FactValue;
  confidence_a: number;
  confidence_b: number;
}

async function openConflicts(scope: FactScope): Promise<OpenConflict[]> {
  return (await getDb()).$queryRaw<OpenConflict[]>`
    SELECT c.id, c.entity, c.relation, c.scope, c.fact_a_id, c.fact_b_id, fa.value AS value_a, fb.value AS value_b,
      fa.confidence AS confidence_a, fb.confidence AS confidence_b
    FROM conflicts c JOIN facts fa ON fa.id = c.fact_a_id JOIN facts fb ON fb.id = c.fact_b_id
    WHERE c.scope = ${scope} AND c.status = 'unresolved'
    ORDER BY c.entity, c.relation, c.value_a_hash, c.value_b_hash`;
}

function contradicting(value: FactValue, rng: Prng): FactValue | null {
  if (value.type === 'string') return { type: 'string', v: `${value.v} (${rng.chance(0.5) ? 'per the old wiki' : 'unverified'})` };
  if (value.type === 'number') return { type: 'number', v: Math.round(value.v * (1.1 + rng.int(5) / 10)) };
  if (value.type === 'boolean') return { type: 'boolean', v: !value.v };
  return null;
}

/**
 * The rotting scope's last month: a scraping agent imports outdated values that contradict live
 * ones, and some values run past their validity. Imported with HLCs spread over the last 30 days,
 * so the health history shows the decline rather than a cliff today.
 */
async function rot(scope: FactScope, contradictions: number, expiries: number, rng: Prng): Promise<number> {
  const heads = await (await getDb()).$queryRaw<{ entity: string; relation: string; value: FactValue }[]>`
    SELECT entity, relation, value FROM value_heads
    WHERE scope = ${scope} AND confidence > 0 AND valid_until IS NULL AND value_type IN ('string', 'number', 'boolean')
      AND relation NOT LIKE 'stigmem:%' AND relation <> 'memory:role' AND relation <> 'roadmap:status' AND relation <> 'memory:title'
    ORDER BY entity, relation, value_hash`;
  const day = 86_400_000;
  const start = Date.now() - 30 * day;
  const total = contradictions + expiries;
  const picked = heads.filter(() => rng.chance(Math.min(1, (total * 1.2) / Math.max(1, heads.length)))).slice(0, total);
  const facts: FactInput[] = [];
  let expired = 0;
  picked.forEach((head, i) => {
    const wall = Math.floor(start + ((i + 0.5) / picked.length) * 29 * day);
    const at = { timestamp: new Date(wall), hlc: { wall, counter: 7 } };
    if (i % 3 === 0 && expired < expiries) {
      expired++;
      // Re-asserted with a validity that has since run out: a stale value.
      facts.push({ ...head, source: 'agent:importer', confidence: 0.8, scope, validUntil: new Date(wall + (2 + rng.int(10)) * day), ...at });
      return;
    }
    const value = contradicting(head.value, rng);
    if (value) facts.push({ entity: head.entity, relation: head.relation, value, source: 'agent:web-scraper', confidence: 0.55 + rng.int(30) / 100, scope, validUntil: null, ...at });
  });
  for (let i = 0; i < facts.length; i += 500) await writeFacts(facts.slice(i, i + 500), { mode: 'import' });
  return facts.length;
}

/** Contradictions detected when their newer fact happened, not when the import replayed it. */
async function dateConflictsByTheirFacts(): Promise<number> {
  const db = await getDb();
  const dated = await db.$executeRaw`
    UPDATE conflicts c SET detected_at = greatest(fa.timestamp, fb.timestamp)
    FROM facts fa, facts fb
    WHERE fa.id = c.fact_a_id AND fb.id = c.fact_b_id AND c.status = 'unresolved' AND c.detected_at > greatest(fa.timestamp, fb.timestamp)`;
  // A contradiction opened when its first conflict was detected.
  await db.$executeRaw`
    UPDATE contradictions x SET opened_at = first.detected_at
    FROM (SELECT contradiction_id, min(detected_at) AS detected_at FROM conflicts GROUP BY contradiction_id) first
    WHERE first.contradiction_id = x.id AND x.status = 'open' AND x.opened_at > first.detected_at`;
  return dated;
}

const NOTES = {
  keepA: ['Checked with the owner: the earlier value is still right.', 'The newer value came from a stale import; keeping the original.'],
  keepB: ['Confirmed in the weekly sync: the newer value is current.', 'The agent saw the update first; the record agrees.'],
  dismiss: ['Not a contradiction: both were true at their time (a planned change).', 'Seasonal value; the pair is expected to alternate.'],
};

/** Decides `share` of a scope's open conflicts (oldest entities first), a few of them dismissed. */
async function decide(scope: FactScope, share: number, rng: Prng): Promise<{ resolved: number; dismissed: number }> {
  const conflicts = await openConflicts(scope);
  const take = Math.round(conflicts.length * share);
  let resolved = 0;
  let dismissed = 0;
  for (const [i, c] of conflicts.slice(0, take).entries()) {
    const who = reviewer(i % 3 === 0 ? 'sam' : 'dana');
    const dismiss = rng.chance(0.15);
    const keepA = c.confidence_a >= c.confidence_b;
    const note = dismiss ? NOTES.dismiss[rng.int(NOTES.dismiss.length)]! : (keepA ? NOTES.keepA : NOTES.keepB)[rng.int(2)]!;
    try {
      if (dismiss) await dismissConflict(c.id, { resolution_note: note }, who);
      else await resolveConflict(c.id, { winning_fact_id: keepA ? c.fact_a_id : c.fact_b_id, resolution_note: note, retract_losers: true }, who);
    } catch (error) {
      // A triple with three values has several conflicts; resolving one retracts the losers and
      // closes the others, which then answer 409.
      if (error instanceof DomainError && error.kind === 'conflict') continue;
      throw error;
    }
    if (dismiss) dismissed++;
    else resolved++;
  }
  return { resolved, dismissed };
}

/** An agent re-asserts one side of `count` open conflicts: recent evidence, so the queue suggests it. */
async function recentEvidence(scope: FactScope, count: number, rng: Prng): Promise<number> {
  const conflicts = (await openConflicts(scope)).filter(() => rng.chance(0.5)).slice(0, count);
  const facts: FactInput[] = conflicts.map((c) => {
    const sideA = rng.chance(0.5);
    return { entity: c.entity, relation: c.relation, value: sideA ? c.value_a : c.value_b, source: 'agent:triage', confidence: 0.9, scope, validUntil: null };
  });
  if (facts.length) await writeFacts(facts, { mode: 'assert' });
  return facts.length;
}

/** Agents hand work to agents nobody ever registered: broken handoffs (errors) in the rotting scope. */
async function brokenHandoffs(scope: FactScope, count: number): Promise<number> {
  const agents = await (await getDb()).$queryRaw<{ entity: string }[]>`
    SELECT DISTINCT entity FROM value_heads WHERE scope = ${scope} AND relation = 'intent:handoff_to' ORDER BY entity LIMIT ${count}`;
  const facts: FactInput[] = agents.map((a, i) => ({
    entity: a.entity,
    relation: 'intent:handoff_to',
    value: { type: 'ref', v: `${a.entity.replace(/[^/]+$/, '')}retired-agent-${i + 1}` },
    source: 'agent:planner',
    confidence: 0.8,
    scope,
    validUntil: null,
  }));
  if (facts.length) await writeFacts(facts, { mode: 'assert' });
  return facts.length;
}

/** References to entities that do not exist: retracted, as a clean-up would. */
async function retractBrokenRefs(scope: FactScope): Promise<number> {
  const { findings } = await runLint(lintRequestSchema.parse({ scope, checks: ['broken_ref'] }));
  const facts: FactInput[] = findings
    .filter((f) => f.relation && f.ref_target)
    .map((f) => ({ entity: f.entity, relation: f.relation!, value: { type: 'ref', v: f.ref_target! }, source: 'stigmem://local/dana', confidence: 0, scope, validUntil: null }));
  for (let i = 0; i < facts.length; i += 500) await writeFacts(facts.slice(i, i + 500), { mode: 'assert' });
  return facts.length;
}

/** Values that have expired but are still live: retracted, as a clean-up would. */
async function retractExpired(scope: FactScope): Promise<number> {
  const rows = await (await getDb()).$queryRaw<{ entity: string; relation: string; value: FactValue }[]>`
    SELECT entity, relation, value FROM value_heads
    WHERE scope = ${scope} AND confidence > 0 AND valid_until IS NOT NULL AND valid_until < now()
    ORDER BY entity, relation, value_hash`;
  for (let i = 0; i < rows.length; i += 500) {
    const facts: FactInput[] = rows.slice(i, i + 500).map((r) => ({ ...r, source: 'stigmem://local/dana', confidence: 0, scope, validUntil: null }));
    await writeFacts(facts, { mode: 'assert' });
  }
  return rows.length;
}

export interface DemoStoryReport {
  /** Facts the rotting scope's last month added (contradicting values and values that expired). */
  rotted: number;
  conflictsDated: number;
  decided: Record<string, { resolved: number; dismissed: number }>;
  evidence: number;
  brokenHandoffs: number;
  /** Expired values and broken refs retracted in the clean scope. */
  expiredRetracted: number;
  policies: number;
  snapshots: number;
}

export async function playDemoStory(seed: number): Promise<DemoStoryReport> {
  const rng = new Prng(`demo-story:${seed}`);
  const db = await getDb();
  const rotted = await rot('team', 1000, 400, rng);
  const conflictsDated = await dateConflictsByTheirFacts();

  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const before = [await saveSnapshot('team', 'Weekly review (last week)', reviewer('dana')), await saveSnapshot('company', 'Weekly review (last week)', reviewer('dana'))];

  const decided = {
    public: await decide('public', 1, rng),
    company: await decide('company', 0.5, rng),
    team: await decide('team', 0.05, rng),
  };
  const expiredRetracted = (await retractExpired('public')) + (await retractBrokenRefs('public'));
  const evidence = (await recentEvidence('company', 8, rng)) + (await recentEvidence('team', 6, rng));
  const handoffs = await brokenHandoffs('team', 25);

  const existing = new Set((await listPolicies()).map((p) => p.id));
  let policies = 0;
  for (const policy of DEMO_POLICIES) {
    if (existing.has(policy.id)) continue;
    await createPolicy({ ...policy, exempt_relations: [...policy.exempt_relations] });
    policies++;
  }

  // The "before" snapshots were taken before the week's decisions; date them a week back.
  await db.synthesisSnapshot.updateMany({ where: { id: { in: before.map((s) => s.snapshot_id) } }, data: { createdAt: weekAgo } });
  await saveSnapshot('team', 'Weekly review', reviewer('dana'));
  await saveSnapshot('company', 'Weekly review', reviewer('dana'));

  return { rotted, conflictsDated, decided, evidence, brokenHandoffs: handoffs, expiredRetracted, policies, snapshots: 4 };
}
