import { z } from 'zod';

// Zod schemas of the wire shapes (reference node subset plus this node's extensions). Routes declare
// them as their `response` (the OpenAPI description shows them); the HTTP tests check every answer
// against its route's schema (lib/http/response-check.ts) and parse bodies with them.

export const SCOPES = ['local', 'team', 'company', 'public'] as const;
export const Scope = z.enum(SCOPES);

/** The one wire form of an instant (docs/api.md § Wire details): UTC, "Z", milliseconds only when not zero. */
const canonicalInstant = (s: string) => {
  const iso = new Date(s).toISOString();
  return (iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso) === s;
};
export const isoInstant = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && canonicalInstant(s), 'an RFC 3339 UTC instant in the canonical form');
/** HLC as emitted: 13-digit wall milliseconds, 3-digit counter. */
export const HLC_PATTERN = /^\d{13}\.\d{3}$/;

export const FactValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('string'), v: z.string() }),
  z.object({ type: z.literal('text'), v: z.string() }),
  z.object({ type: z.literal('number'), v: z.number() }),
  z.object({ type: z.literal('boolean'), v: z.boolean() }),
  z.object({ type: z.literal('datetime'), v: z.string() }),
  z.object({ type: z.literal('ref'), v: z.string() }),
  z.object({ type: z.literal('null'), v: z.null() }),
]);
export type FactValue = z.infer<typeof FactValue>;

export const FactRecord = z.object({
  id: z.string().min(1),
  entity: z.string().min(1),
  relation: z.string().min(1),
  value: FactValue,
  source: z.string().min(1),
  timestamp: isoInstant,
  hlc: z.string().regex(HLC_PATTERN),
  valid_until: isoInstant.nullable(),
  confidence: z.number().min(0).max(1),
  scope: Scope,
  contradicted: z.boolean(),
  attested: z.null(),
  write_mode: z.enum(['assert', 'summarize_with_provenance']),
  derived_from: z.array(z.record(z.string(), z.unknown())),
  session_id: z.string().nullable(),
});
export type FactRecord = z.infer<typeof FactRecord>;

export const FactList = z.object({ facts: z.array(FactRecord), total: z.number().int().min(0), cursor: z.string().min(1).nullable() });
export const FactBatch = z.object({ facts: z.array(FactRecord) });

export const CONFLICT_ID_PATTERN = /^stigmem:conflict:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const CONTRADICTION_ID_PATTERN = /^stigmem:contradiction:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The suggested winner of an open contradiction (review workflow): the value with more evidence or clearly higher confidence. */
export const Suggestion = z.object({ winning_fact_id: z.string().min(1), basis: z.enum(['evidence', 'confidence']), reason: z.string().min(1) });

export const ConflictRecord = z.object({
  conflict_id: z.string().regex(CONFLICT_ID_PATTERN),
  entity: z.string().min(1),
  relation: z.string().min(1),
  scope: Scope,
  fact_a: FactRecord.nullable(),
  fact_b: FactRecord.nullable(),
  status: z.enum(['unresolved', 'resolved']),
  resolved_by: z.string().nullable(),
  detected_at: isoInstant,
  resolved_at: isoInstant.nullable(),
  resolution_note: z.string().nullable(),
  resolution_basis: z.enum(['manual', 'evidence', 'confidence', 'dismissed', 'retracted', 'merged']).nullable(),
  resolution_fact_id: z.string().nullable(),
  do_not_reopen_before: isoInstant.nullable(),
  contradiction_id: z.string().regex(CONTRADICTION_ID_PATTERN).nullable(),
  age_days: z.number().min(0).nullable().describe('Unresolved only: days since detection, to one decimal'),
  aged: z.boolean().describe('Unresolved and older than the review window (14 days)'),
  suggestion: Suggestion.nullable().describe("Unresolved only: its contradiction's suggested winner"),
});
export type ConflictRecord = z.infer<typeof ConflictRecord>;

export const ContradictionRecord = z.object({
  contradiction_id: z.string().regex(CONTRADICTION_ID_PATTERN),
  entity: z.string().min(1),
  relation: z.string().min(1),
  scope: Scope,
  status: z.enum(['unresolved', 'resolved']),
  contradicted: z.boolean(),
  opened_at: isoInstant,
  values: z.array(z.object({ fact: FactRecord.nullable(), confidence: z.number(), evidence: z.number().int().min(0) })),
  value_count: z.number().int().min(0),
  conflict_id: z.string().regex(CONFLICT_ID_PATTERN).nullable(),
  open_conflicts: z.number().int().min(0),
  age_days: z.number().nullable(),
  aged: z.boolean(),
  suggestion: Suggestion.nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: isoInstant.nullable(),
  resolution_note: z.string().nullable(),
  resolution_basis: z.enum(['manual', 'evidence', 'confidence', 'dismissed', 'retracted']).nullable(),
  resolution_fact_id: z.string().nullable(),
  do_not_reopen_before: isoInstant.nullable(),
  undone_at: isoInstant.nullable(),
  undone_by: z.string().nullable(),
});
export type ContradictionRecord = z.infer<typeof ContradictionRecord>;
export const ContradictionList = z.object({ contradictions: z.array(ContradictionRecord), cursor: z.string().min(1).nullable(), has_more: z.boolean(), total: z.number().int().min(0), offset: z.number().int().min(0) });
export const UndoResponse = z.object({
  contradiction_id: z.string().regex(CONTRADICTION_ID_PATTERN),
  undone_at: isoInstant,
  values_restored: z.number().int().min(0),
  reopened_contradiction_id: z.string().regex(CONTRADICTION_ID_PATTERN).nullable(),
  conflict_id: z.string().regex(CONFLICT_ID_PATTERN).nullable(),
});

export const ConflictList = z.object({ conflicts: z.array(ConflictRecord), cursor: z.string().min(1).nullable(), has_more: z.boolean() });

export const ResolveResponse = z.object({
  resolution_fact_id: z.string().min(1),
  conflict_status: z.literal('resolved'),
  contradiction_id: z.string().regex(CONTRADICTION_ID_PATTERN),
  conflicts_closed: z.number().int().min(0).describe('Conflicts of the contradiction this decision closed'),
  values_retracted: z.number().int().min(0).describe('Other live values retracted'),
});
export const ReopenResponse = z.object({
  conflict_id: z.string().min(1),
  cooldown_ended_at: isoInstant,
  new_conflict_id: z.string().regex(CONFLICT_ID_PATTERN).nullable(),
  contradiction_id: z.string().regex(CONTRADICTION_ID_PATTERN).nullable(),
});
export const DismissResponse = z.object({
  conflict_id: z.string().regex(CONFLICT_ID_PATTERN),
  conflict_status: z.literal('resolved'),
  resolution_basis: z.literal('dismissed'),
  contradiction_id: z.string().regex(CONTRADICTION_ID_PATTERN),
  conflicts_closed: z.number().int().min(0),
});

export const Permission = z.enum(['read', 'write', 'admin']);
export const ApiKeyRecord = z.object({
  id: z.string().min(1),
  entity_uri: z.string().min(1),
  permissions: z.array(Permission),
  allowed_scopes: z.array(Scope),
  description: z.string().nullable(),
  created_at: isoInstant,
  expires_at: isoInstant.nullable(),
  oidc_sub: z.null(),
  tenant_id: z.string(),
  key_prefix: z.string().min(1),
});
/** POST /v1/auth/keys: `key` only when the node generated it. */
export const CreatedKey = ApiKeyRecord.extend({ key: z.string().min(32).optional() });
export const KeyList = z.array(ApiKeyRecord);

export const NodeInfo = z.object({
  version: z.string().min(1),
  node_id: z.string().min(1),
  node_url: z.string().url(),
  auth: z.enum(['required', 'none']),
  federation: z.literal('disabled'),
  /** Relation prefixes with their colon, as the reference node lists them ("memory:"). */
  namespaces: z.array(z.string().regex(/^[a-z]+:$/)).min(1),
  source_attestation: z.literal('off'),
  spec: z.string().min(1),
  capabilities: z.array(z.string().min(1)).min(1),
});

export const SessionState = z.object({ signed_in: z.boolean() });

export const ErrorBody = z.object({
  error: z.string().regex(/^[a-z][a-z0-9_]*$/, 'a snake_case code'),
  detail: z.string().trim().min(1),
});
