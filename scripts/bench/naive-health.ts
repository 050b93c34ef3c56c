import { getDb } from '../../lib/db/prisma';
import { canonicalValue, type FactValue } from '../../lib/facts/fact-value';

// Naive baselines for lint, synthesis and decay: load every fact of the scope into JavaScript and
// compute there (what docs/architecture.md tells us not to do), so the set-based SQL has something to beat.

interface Row {
  id: string;
  entity: string;
  relation: string;
  value: FactValue;
  source: string;
  timestamp: Date;
  hlc_wall: bigint;
  hlc_counter: number;
  valid_until: Date | null;
  confidence: number;
}

interface Head {
  fact: Row;
  live: boolean;
  base: Row | null;
}

async function heads(scope: string) {
  const db = await getDb();
  const facts = await db.$queryRaw<Row[]>`SELECT id, entity, relation, value, source, timestamp, hlc_wall, hlc_counter, valid_until, confidence FROM facts WHERE scope = ${scope}`;
  const now = Date.now();
  const byValue = new Map<string, Head>();
  for (const f of facts) {
    const key = `${f.entity}\u0000${f.relation}\u0000${canonicalValue(f.value)}`;
    const current = byValue.get(key);
    const newer = !current || f.hlc_wall > current.fact.hlc_wall || (f.hlc_wall === current.fact.hlc_wall && f.hlc_counter > current.fact.hlc_counter);
    const head = newer ? { fact: f, live: false, base: current?.base ?? null } : current!;
    if (f.source !== 'system:stigmem:decay' && (!head.base || f.timestamp > head.base.timestamp)) head.base = f;
    byValue.set(key, head);
  }
  for (const head of byValue.values()) head.live = head.fact.confidence > 0 && (!head.fact.valid_until || head.fact.valid_until.getTime() >= now);
  return { facts, heads: [...byValue.values()] };
}

export async function naiveLint(scope: string): Promise<number> {
  const { heads: all } = await heads(scope);
  const liveEntities = new Set(all.filter((h) => h.live).map((h) => h.fact.entity));
  const liveIds = new Set(all.filter((h) => h.live).map((h) => h.fact.id));
  let findings = 0;
  const byTriple = new Map<string, number>();
  for (const h of all) {
    if (h.fact.confidence > 0 && h.fact.valid_until && h.fact.valid_until.getTime() < Date.now()) findings++;
    if (h.live && h.fact.value.type === 'ref' && !liveEntities.has(h.fact.value.v) && !liveIds.has(h.fact.value.v)) findings++;
    if (h.live && !h.fact.relation.startsWith('stigmem:')) {
      const key = `${h.fact.entity}\u0000${h.fact.relation}`;
      byTriple.set(key, (byTriple.get(key) ?? 0) + 1);
    }
  }
  for (const n of byTriple.values()) if (n > 1) findings++;
  const entities = new Set(all.map((h) => h.fact.entity));
  for (const e of entities) if (!liveEntities.has(e)) findings++;
  return findings;
}

export async function naiveSynthesis(scope: string): Promise<number> {
  const { heads: all } = await heads(scope);
  const winners = new Map<string, Head>();
  for (const h of all) {
    if (!h.live || h.fact.relation.startsWith('stigmem:')) continue;
    const key = `${h.fact.entity}\u0000${h.fact.relation}`;
    const w = winners.get(key);
    if (!w || h.fact.confidence > w.fact.confidence || (h.fact.confidence === w.fact.confidence && h.fact.hlc_wall > w.fact.hlc_wall)) winners.set(key, h);
  }
  return JSON.stringify([...winners.values()].map((h) => ({ ...h.fact, hlc_wall: Number(h.fact.hlc_wall) }))).length;
}

/** Dry run of one confidence policy over every relation (half-life in seconds). */
export async function naiveDecayDryRun(scope: string, halfLifeS: number): Promise<number> {
  const { heads: all } = await heads(scope);
  let changes = 0;
  for (const h of all) {
    if (!h.live || !h.base || h.fact.relation.startsWith('stigmem:') || h.base.source.startsWith('system:')) continue;
    const age = (Date.now() - h.base.timestamp.getTime()) / 1000;
    const target = h.base.confidence * Math.exp((-Math.LN2 * age) / halfLifeS);
    if (h.fact.confidence - target >= 0.01) changes++;
  }
  return changes;
}
