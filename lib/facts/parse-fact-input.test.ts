import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error';
import { STATUS_OF_KIND } from '../http/error-status';
import { MAX_BATCH, parseFactBody, parseFactInput } from './parse-fact-input';

// Wire fact → FactInput, with the statuses of the protocol: 400 invalid_entity_uri,
// 413 value_too_large / batch_too_large, 422 validation_error.

const base = { entity: 'stigmem://e', relation: 'memory:status', value: { type: 'string', v: 'x' }, source: 'stigmem://agent' };

/** The domain error `run` throws, with the HTTP status the route wrapper would answer. */
function failure(run: () => unknown): DomainError & { status: number } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return Object.assign(error, { status: STATUS_OF_KIND[error.kind] });
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('parseFactInput', () => {
  it('applies the defaults and normalizes entity and source', () => {
    const input = parseFactInput({ ...base, entity: ' Stigmem://A  B ', source: 'Agent  One' }, 'assert');
    expect(input).toEqual({ entity: 'stigmem://a-b', relation: 'memory:status', value: { type: 'string', v: 'x' }, source: 'agent-one', confidence: 1, scope: 'local', validUntil: null, writeMode: 'assert', derivedFrom: [] });
  });

  it('keeps write_mode and derived_from and refuses an unknown mode', () => {
    const input = parseFactInput({ ...base, write_mode: 'summarize_with_provenance', derived_from: [{ fact_id: 'f-1' }] }, 'assert');
    expect(input).toMatchObject({ writeMode: 'summarize_with_provenance', derivedFrom: [{ fact_id: 'f-1' }] });
    expect(() => parseFactInput({ ...base, write_mode: 'overwrite' }, 'assert')).toThrow(/write_mode/);
    expect(() => parseFactInput({ ...base, derived_from: ['f-1'] }, 'assert')).toThrow(/derived_from/);
  });

  it('parses valid_until into a Date and keeps an explicit null', () => {
    expect(parseFactInput({ ...base, valid_until: '2026-05-02T16:00:00+02:00' }, 'assert').validUntil).toEqual(new Date('2026-05-02T14:00:00Z'));
    expect(parseFactInput({ ...base, valid_until: null }, 'assert').validUntil).toBeNull();
  });

  it('ignores import-only fields on a plain assert', () => {
    const input = parseFactInput({ ...base, id: 'mine', hlc: '1700000000000.000', timestamp: '2020-01-01T00:00:00Z' }, 'assert');
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('hlc');
    expect(input).not.toHaveProperty('timestamp');
  });

  it('keeps id, timestamp and hlc on import', () => {
    const input = parseFactInput({ ...base, id: 'legacy-1', hlc: '1700000000000.012', timestamp: '2020-01-01T00:00:00Z' }, 'import');
    expect(input).toMatchObject({ id: 'legacy-1', hlc: { wall: 1700000000000, counter: 12 }, timestamp: new Date('2020-01-01T00:00:00Z') });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['an empty entity', { entity: '' }, 400, 'invalid_entity_uri'],
    ['a blank entity', { entity: ' \n ' }, 400, 'invalid_entity_uri'],
    ['a blank source', { source: '\t' }, 400, 'invalid_entity_uri'],
    ['an entity over 1,024 bytes', { entity: `stigmem://${'é'.repeat(510)}` }, 422, 'validation_error'],
    ['a text over 64 KB', { value: { type: 'text', v: 'x'.repeat(65537) } }, 413, 'value_too_large'],
    ['an unknown value type', { value: { type: 'json', v: {} } }, 422, 'validation_error'],
    ['a bad scope', { scope: 'private' }, 422, 'validation_error'],
    ['confidence 1.5', { confidence: 1.5 }, 422, 'validation_error'],
    ['confidence -1', { confidence: -1 }, 422, 'validation_error'],
    ['a non-ISO valid_until', { valid_until: '02/05/2026' }, 422, 'validation_error'],
    ['no relation', { relation: undefined }, 422, 'validation_error'],
    ['a relation with spaces', { relation: 'has status' }, 422, 'validation_error'],
    ['a relation over 512 bytes', { relation: 'r'.repeat(513) }, 422, 'validation_error'],
  ])('rejects %s', (_name, patch, status, code) => {
    const error = failure(() => parseFactInput({ ...base, ...patch }, 'assert'));
    expect([error.status, error.code]).toEqual([status, code]);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an id with a slash', { id: 'a/b' }],
    ['an id with a space', { id: 'a b' }],
    ['an hlc that is not an HLC', { hlc: '1700000000000' }],
    ['an hlc more than 5 minutes ahead', { hlc: `${Date.now() + 10 * 60_000}.000` }],
    ['a non-ISO timestamp', { timestamp: 'now' }],
  ])('rejects an import with %s', (_name, patch) => {
    const error = failure(() => parseFactInput({ ...base, ...patch }, 'import'));
    expect([error.status, error.code]).toEqual([422, 'validation_error']);
  });

  it('answers 413 for an oversized value before any other problem', () => {
    const error = failure(() => parseFactInput({ value: { type: 'string', v: 'x'.repeat(70_000) }, scope: 'nowhere' }, 'assert'));
    expect(error.status).toBe(413);
  });

  it('names the field in the detail', () => {
    expect(failure(() => parseFactInput({ ...base, confidence: 2 }, 'assert')).message).toMatch(/^confidence: /);
    expect(failure(() => parseFactInput({ ...base, value: { type: 'number', v: 'x' } }, 'assert')).message).toMatch(/^value\.v: /);
  });
});

describe('parseFactBody', () => {
  it('takes a single fact or a batch', () => {
    expect(parseFactBody(base, 'assert')).toMatchObject({ batch: false, inputs: [{ entity: 'stigmem://e' }] });
    expect(parseFactBody({ facts: [base, base] }, 'assert')).toMatchObject({ batch: true, inputs: [{}, {}] });
  });

  it('names the index of the first bad fact of a batch', () => {
    const error = failure(() => parseFactBody({ facts: [base, base, { ...base, scope: 'x' }] }, 'assert'));
    expect([error.status, error.code, error.extra]).toEqual([422, 'validation_error', { index: 2 }]);
    expect(error.message).toMatch(/^facts\[2\]\.scope: /);
    const blank = failure(() => parseFactBody({ facts: [{ ...base, entity: ' ' }] }, 'assert'));
    expect([blank.status, blank.code, blank.extra]).toEqual([400, 'invalid_entity_uri', { index: 0 }]);
  });

  it('bounds the batch: at least one fact, at most 1,000', () => {
    expect(parseFactBody({ facts: Array(MAX_BATCH).fill(base) }, 'assert').inputs).toHaveLength(1000);
    expect(failure(() => parseFactBody({ facts: Array(MAX_BATCH + 1).fill(base) }, 'assert'))).toMatchObject({ status: 413, code: 'batch_too_large' });
    expect(failure(() => parseFactBody({ facts: [] }, 'assert'))).toMatchObject({ status: 422, code: 'validation_error' });
    expect(failure(() => parseFactBody({ facts: 'x' }, 'assert'))).toMatchObject({ status: 422, code: 'validation_error' });
  });

  it('refuses anything but an object', () => {
    for (const body of [null, [], 'fact', 42]) expect(failure(() => parseFactBody(body, 'assert'))).toMatchObject({ status: 422, code: 'validation_error' });
  });

  it('takes only {facts} on import, with ids unique within the batch', () => {
    expect(failure(() => parseFactBody(base, 'import'))).toMatchObject({ status: 422 });
    const duplicate = failure(() => parseFactBody({ facts: [{ ...base, id: 'a' }, { ...base, id: 'b' }, { ...base, id: 'a' }] }, 'import'));
    expect([duplicate.status, duplicate.extra, duplicate.message]).toEqual([422, { index: 2 }, 'facts[2].id: duplicates facts[0].id']);
  });
});
