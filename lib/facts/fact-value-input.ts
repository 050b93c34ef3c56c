import type { FactValue, FactValueType } from './fact-value';

// A value typed into a dashboard form (the resolve form's new value, the lint page's "assert the
// missing target"): a type and the text typed for it, turned into a FactValue the API accepts. The
// node validates again; this only gives early, clear messages. Strings keep their spaces as typed.

export const VALUE_TYPES = ['string', 'text', 'number', 'boolean', 'datetime', 'ref', 'null'] as const satisfies readonly FactValueType[];

export const VALUE_TYPE_HINTS: Record<FactValueType, string> = {
  string: 'a short string',
  text: 'long text',
  number: 'a finite number, e.g. 42 or 0.5',
  boolean: 'true or false',
  datetime: 'ISO 8601 with a time zone, e.g. 2026-05-02T14:00:00Z',
  ref: 'an entity URI or fact id',
  null: 'no value',
};

export type ParsedValue = { ok: true; value: FactValue } | { ok: false; error: string };

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function parseFactValueInput(type: FactValueType, raw: string): ParsedValue {
  switch (type) {
    case 'null':
      return { ok: true, value: { type: 'null', v: null } };
    case 'boolean':
      if (raw.trim() === 'true' || raw.trim() === 'false') return { ok: true, value: { type: 'boolean', v: raw.trim() === 'true' } };
      return { ok: false, error: 'Choose true or false.' };
    case 'number': {
      const n = Number(raw.trim());
      if (raw.trim() === '' || !Number.isFinite(n)) return { ok: false, error: 'Enter a finite number, e.g. 42 or 0.5.' };
      return { ok: true, value: { type: 'number', v: n } };
    }
    case 'datetime':
      if (!ISO_WITH_ZONE.test(raw.trim()) || Number.isNaN(Date.parse(raw.trim()))) return { ok: false, error: 'Enter an ISO 8601 date-time with a time zone, e.g. 2026-05-02T14:00:00Z.' };
      return { ok: true, value: { type: 'datetime', v: raw.trim() } };
    case 'ref':
      if (!raw.trim()) return { ok: false, error: 'Enter the entity URI or fact id the value points at.' };
      return { ok: true, value: { type: 'ref', v: raw.trim() } };
    default:
      if (type === 'string' && raw === '') return { ok: false, error: 'Enter a value.' };
      return { ok: true, value: { type, v: raw } };
  }
}

/** The form's starting point: a side's value, so a small correction is a small edit. */
export function valueToInput(value: FactValue): { type: FactValueType; raw: string } {
  return value.type === 'null' ? { type: 'null', raw: '' } : { type: value.type, raw: String(value.v) };
}
