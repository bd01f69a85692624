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

function collect(schema: AnySchema, into: Entries): boolean {
  if (schema.type === 'optional' || schema.type === 'nullish') {
    collect(schema.wrapped!, into);
    return true;
  }
  if (schema.entries) Object.assign(into, schema.entries);
  for (const option of schema.options ?? []) collect(option, into);
  return false;
}

export function inputShape(inputs: unknown[]): InputShape {
  const entries: Entries = {};
  let optional = inputs.length > 0;
  for (const input of inputs as AnySchema[]) optional = collect(input, entries) && optional;
  return { entries, schemas: inputs as AnySchema[], optional };
}

/** The input without the keys that come from the path, as one schema for the OpenAPI body. */
export function bodySchema(shape: InputShape, pathKeys: Set<string>): GenericSchema | null {
  const omit = (entries: Entries) => v.object(Object.fromEntries(Object.entries(entries).filter(([k]) => !pathKeys.has(k))));
  const variants = shape.schemas
    .map((s) => (s.type === 'optional' || s.type === 'nullish' ? s.wrapped! : s))
    .flatMap((s) => (s.options ? s.options.map((o) => omit(o.entries ?? {})) : s.entries ? [omit(s.entries)] : []));
  const nonEmpty = variants.filter((s) => Object.keys(s.entries).length > 0);
  if (nonEmpty.length === 0) return null;
  if (shape.schemas.length > 1 || nonEmpty.length === 1) return omit(Object.fromEntries(nonEmpty.flatMap((s) => Object.entries(s.entries))));
  return v.union(nonEmpty);
}
