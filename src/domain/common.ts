import * as v from 'valibot';

/** A database id as it arrives in JSON. */
export const idSchema = v.pipe(
  v.number('Een id moet een getal zijn.'),
  v.integer('Een id moet een geheel getal zijn.'),
  v.minValue(1, 'Een id is minstens 1.'),
  v.maxValue(Number.MAX_SAFE_INTEGER),
);

/** An id as JSON gives it or as a query string's text. */
export const idValue = (message: string) => v.union([idSchema, v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number))], message);

/** A database id as it arrives in a URL path. */
export const idParamSchema = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, 'Een id moet een positief geheel getal zijn.'), v.transform(Number));

/** Comma-joined ids in a URL path (`3,5,8`): de-duplicated, in the given order, at most `max`. */
export const idListSchema = (message: string, max: number, tooMany: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/, message),
    v.transform((s) => [...new Set(s.split(',').map(Number))]),
    v.maxLength(max, tooMany),
  );

/** A JSON object whose every value is text. */
const isTextRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((s) => typeof s === 'string');

/**
 * A flat object of text that keeps every name as sent: valibot's record silently drops
 * `constructor`, `__proto__` and `prototype`, which are label names like any other to a monitoring
 * tool. The answer has no prototype, so no name can reach one. `jsonSchema` documents it (OpenAPI).
 */
export const plainTextRecord = (message: string) =>
  Object.assign(
    v.pipe(
      v.custom<Record<string, string>>(isTextRecord, message),
      v.transform((value) => Object.assign(Object.create(null) as Record<string, string>, value)),
    ),
    { jsonSchema: { type: 'object', additionalProperties: { type: 'string' } } },
  );

/**
 * Validates with `schema`, but the REST document describes `documented`: for schemas that accept
 * loosely on purpose (to answer a Dutch message per field, or to check a PATCH against the stored
 * whole) while a typed client should see exactly what a valid request holds. `required` marks a key
 * the server requires although its schema takes absence (to answer it in Dutch).
 */
export function documentedAs<S extends v.GenericSchema>(schema: S, documented: v.GenericSchema, options: { required?: boolean } = {}): S {
  // A pipe is described by its first schema (the actions after it only narrow it).
  const described = 'pipe' in schema ? (schema.pipe as object[])[0]! : schema;
  Object.assign(described, { documentedAs: documented, documentedRequired: options.required ?? false });
  return schema;
}
