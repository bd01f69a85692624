/**
 * valibot schemas as OpenAPI 3.1 schemas. `@valibot/to-json-schema` writes draft-07, which differs
 * from 3.1's JSON Schema 2020-12 where client generators notice: a `$schema` inside the document,
 * tuples as an `items` array (2020-12: `prefixItems`), and the `presentString` default (`''`, so an absent key gets the
 * field's Dutch message) that makes a required field look optional.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string default its own limits reject only stands in for "missing": the key is required. */
function rejectsOwnDefault(schema: Json) {
  const value = schema.default;
  if (typeof value !== 'string') return false;
  const { minLength, maxLength, pattern } = schema as { minLength?: number; maxLength?: number; pattern?: string };
  return value.length < (minLength ?? 0) || value.length > (maxLength ?? Infinity) || (pattern !== undefined && !new RegExp(pattern, 'u').test(value));
}

function requireDefaultedKeys(schema: Json) {
  const properties = schema.properties as Record<string, Json>;
  const required = new Set(schema.required as string[] | undefined);
  for (const [key, property] of Object.entries(properties)) {
    if (!rejectsOwnDefault(property)) continue;
    delete property.default;
    required.add(key);
  }
  schema.required = Object.keys(properties).filter((key) => required.has(key));
}

function to31(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(to31);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) if (key !== '$schema') out[key] = to31(value);
  if (Array.isArray(out.items)) {
    // valibot's tuple answers exactly its items (more are dropped); `items` repeats what they may
    // be, for tools that read only `items` (and Spectral's `array-items`, which wants it).
    const kinds = [...new Set(out.items.map((item) => JSON.stringify(item)))].map((item) => JSON.parse(item) as Json);
    out.prefixItems = out.items;
    out.maxItems = out.items.length;
    out.items = kinds.length === 1 ? kinds[0] : { anyOf: kinds };
  }
  if (isObject(out.properties)) requireDefaultedKeys(out);
  return out;
}

/** A schema valibot cannot describe (a `custom` one) may carry its own JSON Schema as `jsonSchema`. */
const ownJsonSchema = ({ valibotSchema }: { valibotSchema: unknown }) => (valibotSchema as { jsonSchema?: Json }).jsonSchema;

export const openApiSchema = (schema: GenericSchema, typeMode: 'input' | 'output') =>
  to31(toJsonSchema(schema, { errorMode: 'ignore', typeMode, overrideSchema: ownJsonSchema })) as Json;
