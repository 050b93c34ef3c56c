import { z } from 'zod';
import { isoInstant, Scope } from './records';

// Wire shapes of the audit log (docs/api.md § Audit log).

export const AuditRecord = z.object({
  id: z.string().regex(/^\d+$/),
  at: isoInstant,
  action: z.string().min(1),
  outcome: z.enum(['success', 'denied', 'failure']),
  status: z.number().int().min(100).max(599),
  key_id: z.string().nullable(),
  actor: z.string().nullable(),
  via: z.enum(['bearer', 'session', 'open', 'anonymous', 'system']),
  scopes: z.array(Scope).describe('Empty: a node-wide entry'),
  target_id: z.string().nullable(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  client_address: z.string().nullable(),
  // Free-form: each action records its own facts (a key's permissions, a write's fact count).
  detail: z.unknown().describe("The action's own facts, or null"),
});

/** GET /v1/audit: newest first. */
export const AuditPage = z.object({ entries: z.array(AuditRecord), next_cursor: z.string().min(1).nullable() });

/** GET /v1/audit/export?format=json: every entry of the filters. */
export const AuditExport = z.array(AuditRecord);
