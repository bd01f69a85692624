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

/** Markers the overrides below leave on a property for its object to read. */
const REQUIRED = 'x-required';
const OPTIONAL = 'x-optional';

function requireDefaultedKeys(schema: Json) {
  const properties = schema.properties as Record<string, Json>;
  const required = new Set(schema.required as string[] | undefined);
  for (const [key, property] of Object.entries(properties)) {
    if (property[REQUIRED] || property[OPTIONAL]) {
      if (property[REQUIRED]) required.add(key);
      else required.delete(key);
      delete property[REQUIRED];
      delete property[OPTIONAL];
      continue;
    }
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

interface Described {
  type?: string;
  default?: unknown;
  wrapped?: Described;
  /** A schema valibot cannot describe (a `custom` one) may carry its own JSON Schema. */
  jsonSchema?: Json;
  /** `documentedAs` in the domain: what the document shows for a loosely validating schema. */
  documentedAs?: GenericSchema;
  documentedRequired?: boolean;
}

function override(valibotSchema: unknown, typeMode: 'input' | 'output'): Json | undefined {
  const s = valibotSchema as Described;
  if (s.jsonSchema) return s.jsonSchema;
  if (s.documentedAs) return { ...openApiSchema(s.documentedAs, typeMode), ...(s.documentedRequired ? { [REQUIRED]: true } : {}) };
  // An optional key without a default (a PATCH's field) around a schema with one (for a create's
  // Dutch message or value): absent keeps what is stored, so the document shows no default and
  // the key as optional.
  if (s.type === 'optional' && s.default === undefined && s.wrapped) {
    const inner = openApiSchema(s.wrapped as GenericSchema, typeMode);
    if (!('default' in inner)) return undefined;
    delete inner.default;
    return { ...inner, [OPTIONAL]: true };
  }
  return undefined;
}

export const openApiSchema = (schema: GenericSchema, typeMode: 'input' | 'output'): Json =>
  to31(toJsonSchema(schema, { errorMode: 'ignore', typeMode, overrideSchema: ({ valibotSchema }) => override(valibotSchema, typeMode) })) as Json;
