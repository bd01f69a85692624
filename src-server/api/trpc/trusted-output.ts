/**
 * `trusted()` output schemas: a procedure's answer documented (OpenAPI) and typed from a valibot
 * schema but not parsed at run time. Beside the procedure tiers, because modules declare them.
 */
import type * as v from 'valibot';
import type { GenericSchema } from 'valibot';
import type { StandardSchemaV1 } from '@standard-schema/spec';

const TRUSTED = Symbol('trusted');

/**
 * An output schema that documents and types an answer without checking it at run time: for the
 * measurement answers, where parsing tens of thousands of buckets would cost more than the query.
 */
export function trusted<S extends GenericSchema>(schema: S): StandardSchemaV1<v.InferInput<S>, v.InferOutput<S>> & { [TRUSTED]: S } {
  return {
    [TRUSTED]: schema,
    '~standard': { version: 1, vendor: 'energiebeheer', validate: (value) => ({ value: value as v.InferOutput<S> }) },
  };
}

/** The valibot schema of an output parser (unwrapping `trusted`). */
export const outputSchema = (parser: unknown): GenericSchema | null =>
  parser ? ((parser as { [TRUSTED]?: GenericSchema })[TRUSTED] ?? (parser as GenericSchema)) : null;
