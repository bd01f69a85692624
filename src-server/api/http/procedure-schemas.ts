/**
 * Reading a procedure's valibot schemas for the REST adapter and the OpenAPI document: which input
 * keys it takes (merged over chained `.input()`s, discriminated unions and optional wrappers).
 */
import * as v from 'valibot';
import type { GenericSchema } from 'valibot';

type Entries = Record<string, GenericSchema>;
type AnySchema = GenericSchema & { entries?: Entries; options?: AnySchema[]; wrapped?: AnySchema };

export interface InputShape {
  /** Every key any variant of the input takes, with its schema. */
  entries: Entries;
  /** The input schemas as given, for documenting the body. */
  schemas: AnySchema[];
  /** The whole input may be left out. */
  optional: boolean;
}

function collect(schema: AnySchema, into: Record<string, GenericSchema[]>): boolean {
  if (schema.type === 'optional' || schema.type === 'nullish') {
    collect(schema.wrapped!, into);
    return true;
  }
  for (const [key, entry] of Object.entries(schema.entries ?? {})) if (!(into[key] ??= []).includes(entry)) into[key].push(entry);
  for (const option of schema.options ?? []) collect(option, into);
  return false;
}

/** A key the variants of a union spell differently: each literal (`provider: 'kenter' | …`) as one picklist, anything else as a union. */
function merged(schemas: GenericSchema[]): GenericSchema {
  if (schemas.length === 1) return schemas[0]!;
  const literals = schemas.map((s) => (s.type === 'literal' ? (s as unknown as { literal: unknown }).literal : undefined));
  if (literals.every((l) => typeof l === 'string')) return v.picklist(literals as string[]);
  return v.union(schemas);
}

export function inputShape(inputs: unknown[]): InputShape {
  const collected: Record<string, GenericSchema[]> = {};
  let optional = inputs.length > 0;
  for (const input of inputs as AnySchema[]) optional = collect(input, collected) && optional;
  const entries = Object.fromEntries(Object.entries(collected).map(([key, schemas]) => [key, merged(schemas)]));
  return { entries, schemas: inputs as AnySchema[], optional };
}

/** `schema` without the keys that come from the path, keeping unions and intersections; null when nothing is left. */
function withoutPathKeys(schema: AnySchema, pathKeys: Set<string>): GenericSchema | null {
  if (schema.type === 'optional' || schema.type === 'nullish') return withoutPathKeys(schema.wrapped!, pathKeys);
  if (schema.entries) {
    // Nothing from the path: the schema as written (with what it says about itself in the document).
    if (!Object.keys(schema.entries).some((k) => pathKeys.has(k))) return schema;
    const kept = Object.entries(schema.entries).filter(([k]) => !pathKeys.has(k));
    return kept.length > 0 ? v.object(Object.fromEntries(kept)) : null;
  }
  const parts = (schema.options ?? []).map((o) => withoutPathKeys(o, pathKeys)).filter((s) => s !== null);
  if (parts.length === 0) return null;
  if (schema.type === 'intersect') return parts.length === 1 ? parts[0]! : v.intersect(parts);
  return v.union(parts);
}

/**
 * The input without the keys that come from the path, as one schema for the OpenAPI body: chained
 * `.input()` objects merge into one object, anything else (a union, an intersection) joins them.
 */
export function bodySchema(shape: InputShape, pathKeys: Set<string>): GenericSchema | null {
  const parts = shape.schemas.map((s) => withoutPathKeys(s, pathKeys)).filter((s) => s !== null) as AnySchema[];
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  if (parts.every((p) => p.type === 'object')) return v.object(Object.assign({}, ...parts.map((p) => p.entries)) as Entries);
  return v.intersect(parts);
}
