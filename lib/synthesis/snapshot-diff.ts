import type { FactValue } from '../facts/fact-value';

// The shape of GET /v1/synthesis/snapshots/diff, shared by the server (snapshots.ts) and the
// dashboard (lib/synthesis/hooks/use-snapshot-diff-query.ts). Pure: no database code.

export const DIFF_KINDS = ['added', 'removed', 'value_changed', 'newly_contradicted', 'no_longer_contradicted'] as const;
export type DiffKind = (typeof DIFF_KINDS)[number];

/** One (entity, relation) that differs between two snapshots. */
export interface DiffRow {
  entity: string;
  relation: string;
  from_value: FactValue | null;
  to_value: FactValue | null;
  from_confidence: number | null;
  to_confidence: number | null;
  from_contradicted: boolean | null;
  to_contradicted: boolean | null;
  conflict_id: string | null;
}
