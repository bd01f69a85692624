import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A shared schema as the validator of a form holding `TValues`. The schemas accept looser input
 * than the form holds (an absent key, a number as text), so TypeScript cannot match their input
 * type with the form's values; a Standard Schema validates `unknown` input anyway, so the form's
 * validator is the schema's own `validate`, declared for the form's values, and its issues land
 * at the fields they name.
 */
export function formSchema<TValues>(schema: StandardSchemaV1): StandardSchemaV1<TValues, unknown> {
  const { vendor, validate } = schema['~standard'];
  return { '~standard': { version: 1, vendor, validate } };
}
