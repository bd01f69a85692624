/**
 * Answers that write their own JSON. A procedure's value stays what its type says (tRPC callers
 * and the browser's tRPC get it as ever); beside it sits a writer of the exact text
 * `JSON.stringify` would give, which the REST adapter sends as is. For the long measurement series:
 * JSON.stringify walking 8,760 small objects cost more than the query that found them.
 */
const writers = new WeakMap<object, () => string>();

/** `value`, whose JSON `write(value)` writes byte for byte as `JSON.stringify(value)` would (a test per writer checks it). */
export function withOwnJson<T extends object>(value: T, write: (value: T) => string): T {
  writers.set(value, () => write(value));
  return value;
}

/** The JSON text of a value given a writer by `withOwnJson`, else undefined. */
export const ownJson = (value: unknown): string | undefined => (typeof value === 'object' && value !== null ? writers.get(value)?.() : undefined);
