import type { FactValue, FactValueType } from '../facts/fact-value';

// Turns what an operator typed in the "assert the missing target" form into a wire FactValue, with
// a message for input the node would reject. The node validates again; this only saves a round trip.

export const VALUE_TYPE_OPTIONS = ['string', 'text', 'number', 'boolean', 'datetime', 'ref', 'null'] as const satisfies readonly FactValueType[];

export type ValueInputResult = { ok: true; value: FactValue } | { ok: false; message: string };

export function parseValueInput(type: FactValueType, raw: string): ValueInputResult {
  const text = raw.trim();
  switch (type) {
    case 'null':
      return { ok: true, value: { type: 'null' } };
    case 'number': {
      const n = Number(text);
      return text !== '' && Number.isFinite(n) ? { ok: true, value: { type: 'number', v: n } } : { ok: false, message: 'Enter a number, for example 42 or 3.5.' };
    }
    case 'boolean':
      if (text === 'true' || text === 'false') return { ok: true, value: { type: 'boolean', v: text === 'true' } };
      return { ok: false, message: 'Enter true or false.' };
    case 'datetime': {
      const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text));
      return valid ? { ok: true, value: { type: 'datetime', v: text } } : { ok: false, message: 'Enter an ISO 8601 date-time with a time zone, for example 2026-05-02T14:00:00Z.' };
    }
    case 'ref':
      return text ? { ok: true, value: { type: 'ref', v: text } } : { ok: false, message: 'Enter the entity URI or fact id the ref points at.' };
    case 'string':
    case 'text':
      // Strings keep their spaces as typed; only an empty value is refused.
      return raw.length ? { ok: true, value: { type, v: raw } } : { ok: false, message: 'Enter a value.' };
  }
}
