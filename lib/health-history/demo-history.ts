import { evaluateAlerts } from '../alerts/evaluate';
import { getDb } from '../db/prisma';
import { FACT_SCOPES, type FactScope } from '../facts/scope';
import { recordHealthRun } from './record-run';
import { type ReplayProgress, replayHistory } from './replay-runs';

// The demo's history (npm run demo): the health runs of the last `days`, replayed from the demo's own
// log at each run's instant (replay-runs.ts) — its facts carry their past HLCs, and so do the
// conflicts their import opened — so every point, every diff and every alert is what the node would
// have said then. Alert rules are evaluated over the series in order, as a scheduler would have; one
// demo rule ("contradictions above the usual" in the rotting `team` scope, its threshold the median of
// that scope's series) makes sure the story has an alert. Then one run per scope now, recorded as
// the scheduler records it.

export interface DemoHistoryOptions {
  days?: number;
  /** Hours between two replayed runs (24). */
  everyHours?: number;
  now?: Date;
  onProgress?: (scope: FactScope, progress: ReplayProgress) => void;
}

const DEMO_RULE_SCOPE: FactScope = 'team';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function buildDemoHistory(options: DemoHistoryOptions = {}): Promise<{ runs: number; alerts: number }> {
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const everyMs = (options.everyHours ?? 24) * 3_600_000;
  const db = await getDb();
  let runs = 0;
  for (const scope of FACT_SCOPES) {
    // From the scope's first fact (a run before it has nothing to say) to one interval before now.
    const [{ first }] = await db.$queryRaw<{ first: bigint | null }[]>`SELECT min(hlc_wall) AS first FROM facts WHERE scope = ${scope}`;
    const to = new Date(now.getTime() - everyMs);
    const earliest = now.getTime() - days * 86_400_000;
    const from = new Date(first === null ? to.getTime() : earliest + Math.max(0, Math.ceil((Number(first) - earliest) / everyMs)) * everyMs);
    if (first === null || from > to) continue;
    const replayed = await replayHistory({ scope, from, to, everyMs }, { onProgress: (p) => options.onProgress?.(scope, p) });
    runs += replayed.runs;
    if (scope === DEMO_RULE_SCOPE) {
      // At least 1: a median of 0 would fire on the scope's first contradiction.
      const threshold = Math.max(1, median(replayed.records.map((r) => r.pending_conflicts)));
      const id = `demo-contradictions-${scope}`;
      await db.alertRule.upsert({
        where: { id },
        create: { id, name: 'Contradictions above the usual', kind: 'findings_above', scope, check: 'contradiction', threshold, createdBy: 'system:demo' },
        update: { threshold },
      });
    }
    for (const record of replayed.records) await evaluateAlerts(record, new Date(record.started_at));
    if (await recordHealthRun(scope, { trigger: 'schedule', now: () => now })) runs += 1;
  }
  return { runs, alerts: await db.alert.count() };
}
