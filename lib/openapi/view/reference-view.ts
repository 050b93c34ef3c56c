// The API reference page's view of the OpenAPI document (GET /v1/openapi.json): operations grouped
// by tag, each with its permission, parameters, body fields, the statuses it answers and the shape
// of each success answer, in the words the document uses. Pure: the page renders what this returns.

type Json = Record<string, unknown>;

export interface ParameterView {
  name: string;
  location: string;
  required: boolean;
  type: string;
  description: string | null;
}

export interface BodyView {
  required: boolean;
  /** The largest body the route takes, in bytes. */
  maxBytes: number | null;
  /** The top-level fields; empty when the body is checked by a parser of its own (see `note`). */
  fields: ParameterView[];
  note: string | null;
}

export interface StatusView {
  status: string;
  description: string;
}

/** A success answer: its status, the media types it comes in, and the JSON body's shape. */
export interface SuccessView extends StatusView {
  mediaTypes: string[];
  /** The JSON body's type in short ("object", "object[]"); null when the answer has no JSON body. */
  type: string | null;
  /** The JSON body's top-level fields; empty for an array, a union or a body without fields. */
  fields: ParameterView[];
  /** A body that is one of several objects (one fact or a batch; a job by its status): each one's fields. */
  shapes: ShapeView[];
}

/** One alternative of a union body: named by a field it fixes (`status = "done"`), else by its place. */
export interface ShapeView {
  label: string;
  fields: ParameterView[];
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  permission: string;
  scope: string;
  description: string;
  parameters: ParameterView[];
  body: BodyView | null;
  /** Every success status the operation answers (201 on create and 200 on a replay, 202 for a job, 204 without a body). */
  success: SuccessView[];
  errors: StatusView[];
}

export interface TagView {
  tag: string;
  operations: OperationView[];
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});

/** A schema as a short type: string, integer ≥ 1 ≤ 500, "local" | "team", string[], Error. */
export function schemaType(schema: unknown): string {
  const s = asObject(schema);
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop() ?? 'object';
  if (Array.isArray(s.enum)) return s.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map(schemaType))].join(' | ');
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : 'any';
  if (type === 'array') return `${schemaType(s.items)}[]`;
  // zod writes every integer's safe range (±2^53 − 1) as its bounds: only a real bound is worth showing.
  const bound = (value: unknown, sign: string) => (typeof value === 'number' && Math.abs(value) !== Number.MAX_SAFE_INTEGER ? `${sign} ${value}` : '');
  const bounds = [bound(s.minimum, '≥'), bound(s.maximum, '≤')].filter(Boolean).join(' ');
  return bounds ? `${type} ${bounds}` : type;
}

function withDefault(schema: unknown): string {
  const s = asObject(schema);
  return 'default' in s ? `${schemaType(s)}, default ${JSON.stringify(s.default)}` : schemaType(s);
}

function parameterView(parameter: unknown): ParameterView {
  const p = asObject(parameter);
  return { name: String(p.name), location: String(p.in), required: p.required === true, type: withDefault(p.schema), description: typeof p.description === 'string' ? p.description : null };
}

/** The top-level fields of an object schema. */
function fieldsOf(schema: Json, location: string): ParameterView[] {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(asObject(schema.properties)).map(([name, property]) => ({
    name,
    location,
    required: required.has(name),
    type: withDefault(property),
    description: typeof asObject(property).description === 'string' ? (asObject(property).description as string) : null,
  }));
}

/** The alternatives of a union of objects (anyOf / oneOf, references resolved), each with its fields; [] for anything else. */
function shapesOf(schema: Json, components: Json): ShapeView[] {
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (!Array.isArray(union)) return [];
  const resolve = (item: unknown): Json => {
    const ref = asObject(item).$ref;
    return typeof ref === 'string' ? asObject(asObject(components.schemas)[ref.split('/').pop()!]) : asObject(item);
  };
  const objects = union.map(resolve).filter((item) => item.properties);
  if (objects.length < 2) return [];
  return objects.map((item, i) => {
    const fixed = Object.entries(asObject(item.properties)).find(([, property]) => 'const' in asObject(property));
    return { label: fixed ? `${fixed[0]} = ${JSON.stringify(asObject(fixed[1]).const)}` : `shape ${i + 1}`, fields: fieldsOf(item, 'response') };
  });
}

const jsonSchemaOf = (content: unknown): Json | null => {
  const media = asObject(content)['application/json'];
  return media ? asObject(asObject(media).schema) : null;
};

function bodyView(requestBody: unknown): BodyView | null {
  if (!requestBody) return null;
  const body = asObject(requestBody);
  const schema = jsonSchemaOf(body.content) ?? {};
  const fields = fieldsOf(schema, 'body');
  const note = !fields.length && typeof schema.description === 'string' ? schema.description : null;
  return { required: body.required === true, maxBytes: typeof body['x-stigmem-max-bytes'] === 'number' ? body['x-stigmem-max-bytes'] : null, fields, note };
}

/** A response object, or the components.responses entry it refers to. */
function responseText(response: unknown, components: Json): string {
  const r = asObject(response);
  const ref = typeof r.$ref === 'string' ? r.$ref.split('/').pop()! : null;
  const resolved = ref ? asObject(asObject(components.responses)[ref]) : r;
  return typeof resolved.description === 'string' ? resolved.description : '';
}

function successView(status: string, response: unknown, components: Json): SuccessView {
  const content = asObject(asObject(response).content);
  const json = jsonSchemaOf(content);
  return {
    status,
    description: responseText(response, components),
    mediaTypes: Object.keys(content),
    type: json ? schemaType(json) : null,
    fields: json ? fieldsOf(json, 'response') : [],
    shapes: json ? shapesOf(json, components) : [],
  };
}

export function referenceView(document: unknown): TagView[] {
  const doc = asObject(document);
  const components = asObject(doc.components);
  const groups = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(asObject(doc.paths))) {
    const methods = Object.keys(asObject(item)).filter((m) => METHOD_ORDER.includes(m));
    for (const method of methods.sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))) {
      const op = asObject(asObject(item)[method]);
      const responses = Object.entries(asObject(op.responses));
      const isSuccess = (status: string) => status.startsWith('2');
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'other';
      const operation: OperationView = {
        id: String(op.operationId ?? `${method}-${path}`),
        method: method.toUpperCase(),
        path,
        permission: String(op['x-stigmem-permission'] ?? (Array.isArray(op.security) && !op.security.length ? 'public' : 'authenticated')),
        scope: String(op['x-stigmem-scope'] ?? 'none'),
        description: typeof op.description === 'string' ? op.description : '',
        parameters: Array.isArray(op.parameters) ? op.parameters.map(parameterView) : [],
        body: bodyView(op.requestBody),
        success: responses
          .filter(([status]) => isSuccess(status))
          .map(([status, response]) => successView(status, response, components))
          .sort((a, b) => a.status.localeCompare(b.status)),
        errors: responses
          .filter(([status]) => !isSuccess(status))
          .map(([status, response]) => ({ status, description: responseText(response, components) }))
          .sort((a, b) => a.status.localeCompare(b.status)),
      };
      groups.set(tag, [...(groups.get(tag) ?? []), operation]);
    }
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([tag, operations]) => ({ tag, operations }));
}

/** Every error status the document describes, once, with its meaning: the page's legend. */
export function errorLegend(document: unknown): StatusView[] {
  const responses = asObject(asObject(asObject(document).components).responses);
  return Object.entries(responses)
    .map(([name, response]) => ({ status: name.replace(/^Error/, ''), description: String(asObject(response).description ?? '') }))
    .sort((a, b) => a.status.localeCompare(b.status));
}
