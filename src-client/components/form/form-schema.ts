import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A shared schema as a form validator. The schemas accept looser input than the form holds
 * (an absent key, a number as text), so TypeScript cannot match them by itself.
 */
export const formSchema = <TValues>(schema: StandardSchemaV1) => schema as unknown as StandardSchemaV1<TValues, unknown>;
