import { z } from 'zod';

// Zod schemas as OpenAPI 3.1 schemas (JSON Schema 2020-12, the dialect OpenAPI 3.1 uses). The
// request side is described as a client sends it (`io: 'input'`: before defaults, coercions and
// transforms); what zod cannot express in JSON Schema (a custom check) is left open rather than
// guessed. A schema that defines pieces of its own ($defs, for recursion) has them moved into
// components.schemas under a name of its operation, and its references rewritten to match.

export type JsonSchema = Record<string, unknown>;

/** `schema` as JSON Schema; its $defs are added to `components` under `prefix`. */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>, prefix: string): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  void _dialect;
  if (!$defs || typeof $defs !== 'object') return rest;
  const rename = (name: string) => `${prefix}_${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) =>
        key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/') ? [key, `#/components/schemas/${rename(item.slice('#/$defs/'.length))}`] : [key, rewrite(item)],
      ),
    );
  };
  for (const [name, definition] of Object.entries($defs as Record<string, unknown>)) components[rename(name)] = rewrite(definition) as JsonSchema;
  return rewrite(rest) as JsonSchema;
}
