import { describe, expect, it } from 'vitest';
import { errorLegend, referenceView, schemaType } from './reference-view';

const document = {
  openapi: '3.1.0',
  paths: {
    '/v1/facts/{id}': {
      get: {
        operationId: 'getV1FactsId',
        tags: ['facts'],
        description: 'Needs read.',
        'x-stigmem-permission': 'read',
        'x-stigmem-scope': 'listing',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
        ],
        responses: { '404': { $ref: '#/components/responses/Error404' }, '2XX': { description: 'Success.' }, '400': { $ref: '#/components/responses/Error400' } },
      },
    },
    '/v1/conflicts/{id}/resolve': {
      post: {
        operationId: 'postV1ConflictsIdResolve',
        tags: ['conflicts'],
        security: [{ apiKey: [] }],
        'x-stigmem-permission': 'write',
        requestBody: {
          required: true,
          'x-stigmem-max-bytes': 1024,
          content: { 'application/json': { schema: { type: 'object', required: ['note'], properties: { note: { type: 'string' }, scope: { type: 'string', enum: ['local', 'team'] } } } } },
        },
        responses: {
          '201': { description: 'Created.', content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'The new fact' }, note: { type: ['string', 'null'] } } } } } },
          '200': { description: 'Replayed.', content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } }, 'text/csv': { schema: { type: 'string' } } } },
          '204': { description: 'Done: no body.' },
        },
      },
      get: { tags: ['conflicts'], security: [], responses: {} },
    },
  },
  components: { responses: { Error404: { description: 'Not found.' }, Error400: { description: 'Bad request.' } } },
};

describe('referenceView', () => {
  it('groups operations by tag, in order, with parameters, body fields and statuses resolved', () => {
    const view = referenceView(document);
    expect(view.map((group) => group.tag)).toEqual(['conflicts', 'facts']);
    const [conflicts, facts] = view;
    expect(conflicts.operations.map((op) => op.method)).toEqual(['GET', 'POST']);
    expect(conflicts.operations[0].permission).toBe('public');
    const resolve = conflicts.operations[1];
    expect(resolve.body).toEqual({
      required: true,
      maxBytes: 1024,
      note: null,
      fields: [
        { name: 'note', location: 'body', required: true, type: 'string', description: null },
        { name: 'scope', location: 'body', required: false, type: '"local" | "team"', description: null },
      ],
    });
    // Every success status, in order, each with its media types and the JSON body's fields.
    expect(resolve.success).toEqual([
      { status: '200', description: 'Replayed.', mediaTypes: ['application/json', 'text/csv'], type: 'object[]', fields: [], shapes: [] },
      {
        status: '201',
        description: 'Created.',
        mediaTypes: ['application/json'],
        type: 'object',
        fields: [
          { name: 'id', location: 'response', required: true, type: 'string', description: 'The new fact' },
          { name: 'note', location: 'response', required: false, type: 'string | null', description: null },
        ],
        shapes: [],
      },
      { status: '204', description: 'Done: no body.', mediaTypes: [], type: null, fields: [], shapes: [] },
    ]);
    expect(resolve.errors).toEqual([]);
    const fact = facts.operations[0];
    expect(fact).toMatchObject({ id: 'getV1FactsId', permission: 'read', scope: 'listing', path: '/v1/facts/{id}' });
    expect(fact.parameters[1]).toEqual({ name: 'limit', location: 'query', required: false, type: 'integer ≥ 1 ≤ 500, default 50', description: null });
    expect(fact.errors).toEqual([
      { status: '400', description: 'Bad request.' },
      { status: '404', description: 'Not found.' },
    ]);
    expect(fact.success).toEqual([{ status: '2XX', description: 'Success.', mediaTypes: [], type: null, fields: [], shapes: [] }]);
  });

  it('shows a union body as its shapes: each named by a field it fixes, else by its place, references resolved', () => {
    const job = {
      openapi: '3.1.0',
      paths: {
        '/v1/jobs/{id}': {
          get: {
            operationId: 'getV1JobsId',
            tags: ['jobs'],
            responses: {
              '200': {
                description: 'Success.',
                content: {
                  'application/json': {
                    schema: {
                      anyOf: [
                        { type: 'object', required: ['status'], properties: { status: { const: 'pending' }, progress: { type: 'number' } } },
                        { $ref: '#/components/schemas/Done' },
                        { type: 'object', properties: { id: { type: 'string' } } },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { Done: { type: 'object', properties: { result: { type: 'object' } } } } },
    };
    const [success] = referenceView(job)[0].operations[0].success;
    expect(success.fields).toEqual([]);
    expect(success.shapes).toEqual([
      { label: 'status = "pending"', fields: [expect.objectContaining({ name: 'status', required: true }), expect.objectContaining({ name: 'progress', type: 'number' })] },
      { label: 'shape 2', fields: [expect.objectContaining({ name: 'result', type: 'object' })] },
      { label: 'shape 3', fields: [expect.objectContaining({ name: 'id', type: 'string' })] },
    ]);
  });

  it('writes schemas as short types', () => {
    expect(schemaType({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(schemaType({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(schemaType({ type: ['object', 'null'] })).toBe('object | null');
    expect(schemaType({ $ref: '#/components/schemas/Error' })).toBe('Error');
    expect(schemaType({ const: 'x' })).toBe('"x"');
    expect(schemaType({})).toBe('any');
    // An integer's safe range is not a bound worth showing; a real one is.
    expect(schemaType({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER })).toBe('integer ≥ 0');
    expect(schemaType({ type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: 10 })).toBe('integer ≤ 10');
  });

  it('lists the error statuses the document defines, once', () => {
    expect(errorLegend(document)).toEqual([
      { status: '400', description: 'Bad request.' },
      { status: '404', description: 'Not found.' },
    ]);
  });
});
