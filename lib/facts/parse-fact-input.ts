import { z } from 'zod';
import { badRequest, tooLarge, unprocessable } from '../errors/domain-error';
import { type FactValue, factValueSchema, isIsoDateTime, MAX_VALUE_BYTES, valueByteLength } from './fact-value';
import { type Hlc, parseHlc } from '../time/hlc';
import { MAX_URI_BYTES, normalizeUri, uriTooLong } from './normalize';
import { type FactScope, scopeSchema } from './scope';

// Turns one wire fact (from POST /v1/facts or /v1/facts/import) into a validated FactInput, with
// the statuses of the issue: 400 invalid_entity_uri, 413 value_too_large, 422 for schema errors.

export interface FactInput {
  entity: string;
  relation: string;
  value: FactValue;
  source: string;
  confidence: number;
  scope: FactScope;
  validUntil: Date | null;
  /** "assert" (default) or "summarize_with_provenance" (a summary derived from other facts). */
  writeMode?: WriteMode;
  /** Provenance entries (objects naming the facts a summary was derived from), stored as sent. */
  derivedFrom?: Record<string, unknown>[];
  /** The writer's Stigmem-Session header. */
  sessionId?: string | null;
  /** Import only: kept as given. */
  id?: string;
  timestamp?: Date;
  hlc?: Hlc;
}

export const MAX_BATCH = 1000;
export const WRITE_MODES = ['assert', 'summarize_with_provenance'] as const;
export type WriteMode = (typeof WRITE_MODES)[number];
/** Provenance is a list of small references, not a payload: bounded like a value. */
const MAX_DERIVED_FROM = 100;
const MAX_DERIVED_FROM_BYTES = 16 * 1024;
const MAX_HLC_SKEW_MS = 5 * 60_000;

export const isoTimestamp = z.string().refine(isIsoDateTime, {
  message: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-05-02T14:00:00Z',
});

export const relationSchema = z
  .string({ error: 'relation is required' })
  .min(1, 'relation must not be empty')
  .regex(/^\S+$/, 'relation must not contain whitespace')
  .refine((s) => new TextEncoder().encode(s).length <= 512, 'relation is longer than 512 bytes');

const assertSchema = z.object({
  entity: z.string({ error: 'entity is required and must be a string' }),
  relation: relationSchema,
  value: factValueSchema,
  source: z.string({ error: 'source is required and must be a string' }),
  confidence: z.number({ error: 'confidence must be a number' }).min(0, 'confidence must be in [0, 1]').max(1, 'confidence must be in [0, 1]').default(1),
  scope: scopeSchema.default('local'),
  valid_until: isoTimestamp.nullable().optional(),
  write_mode: z.enum(WRITE_MODES, { error: `write_mode must be one of ${WRITE_MODES.join(', ')}` }).default('assert'),
  derived_from: z
    .array(z.record(z.string(), z.unknown(), { error: 'derived_from entries must be objects' }), { error: 'derived_from must be an array of objects' })
    .max(MAX_DERIVED_FROM, `derived_from holds at most ${MAX_DERIVED_FROM} entries`)
    .refine((list) => Buffer.byteLength(JSON.stringify(list), 'utf8') <= MAX_DERIVED_FROM_BYTES, `derived_from is larger than ${MAX_DERIVED_FROM_BYTES} bytes`)
    .nullish()
    .transform((list) => list ?? []),
});

const importSchema = assertSchema.extend({
  id: z.string().min(1).max(200).regex(/^[^\s/?#]+$/, 'id must not contain whitespace, "/", "?" or "#"').optional(),
  timestamp: isoTimestamp.optional(),
  hlc: z.string().refine((s) => parseHlc(s) !== null, 'hlc must look like "1714658400000.000"').optional(),
});

export type ParseMode = 'assert' | 'import';

function describePath(where: string, path: PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}${acc ? '.' : ''}${String(key)}`), where);
}

export function parseFactInput(raw: unknown, mode: ParseMode, where = '', extra: Record<string, unknown> = {}): FactInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw unprocessable('validation_error', `${where || 'body'}: a fact must be a JSON object`, extra);
  }
  // The value size check comes first so an oversized payload is a 413 whatever else is wrong.
  const rawValue = (raw as { value?: { v?: unknown } }).value;
  if (rawValue && typeof rawValue.v === 'string' && Buffer.byteLength(rawValue.v, 'utf8') > MAX_VALUE_BYTES) {
    throw tooLarge('value_too_large', `${describePath(where, ['value', 'v'])}: larger than ${MAX_VALUE_BYTES} bytes`, extra);
  }
  const parsed = (mode === 'import' ? importSchema : assertSchema).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw unprocessable('validation_error', `${describePath(where, issue.path)}: ${issue.message}`, extra);
  }
  const data = parsed.data as z.infer<typeof importSchema>;
  const entity = normalizeUri(data.entity);
  if (!entity) throw badRequest('invalid_entity_uri', `${describePath(where, ['entity'])}: entity must not be empty`, extra);
  const source = normalizeUri(data.source);
  if (!source) throw badRequest('invalid_entity_uri', `${describePath(where, ['source'])}: source must not be empty`, extra);
  for (const [field, uri] of [['entity', entity], ['source', source]] as const) {
    if (uriTooLong(uri)) throw unprocessable('validation_error', `${describePath(where, [field])}: longer than ${MAX_URI_BYTES} bytes`, extra);
  }
  if (valueByteLength(data.value) > MAX_VALUE_BYTES) {
    throw tooLarge('value_too_large', `${describePath(where, ['value', 'v'])}: larger than ${MAX_VALUE_BYTES} bytes`, extra);
  }
  const input: FactInput = {
    entity,
    relation: data.relation,
    value: data.value,
    source,
    confidence: data.confidence,
    scope: data.scope,
    validUntil: data.valid_until ? new Date(data.valid_until) : null,
    writeMode: data.write_mode,
    derivedFrom: data.derived_from,
  };
  if (mode === 'import') {
    if (data.id) input.id = data.id;
    if (data.timestamp) input.timestamp = new Date(data.timestamp);
    if (data.hlc) {
      input.hlc = parseHlc(data.hlc)!;
      if (input.hlc.wall > Date.now() + MAX_HLC_SKEW_MS) {
        throw unprocessable('validation_error', `${describePath(where, ['hlc'])}: more than 5 minutes in the future`, extra);
      }
    }
  }
  return input;
}

/** A single fact, or {"facts":[...]} of 1..1000; one bad fact rejects the batch and names its index. */
export function parseFactBody(body: unknown, mode: ParseMode): { inputs: FactInput[]; batch: boolean } {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'facts' in body) {
    const facts = (body as { facts: unknown }).facts;
    if (!Array.isArray(facts)) throw unprocessable('validation_error', 'facts: must be an array');
    if (facts.length === 0) throw unprocessable('validation_error', 'facts: must hold at least one fact');
    if (facts.length > MAX_BATCH) throw tooLarge('batch_too_large', `facts: at most ${MAX_BATCH} facts per request, got ${facts.length}`);
    const inputs = facts.map((raw, index) => parseFactInput(raw, mode, `facts[${index}]`, { index }));
    if (mode === 'import') {
      const seen = new Map<string, number>();
      inputs.forEach((input, index) => {
        if (!input.id) return;
        if (seen.has(input.id)) throw unprocessable('validation_error', `facts[${index}].id: duplicates facts[${seen.get(input.id)}].id`, { index });
        seen.set(input.id, index);
      });
    }
    return { inputs, batch: true };
  }
  if (mode === 'import') throw unprocessable('validation_error', 'body: import takes {"facts":[...]}');
  return { inputs: [parseFactInput(body, mode)], batch: false };
}
