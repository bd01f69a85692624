/**
 * Answers that write their own JSON. A procedure's value stays what its type says (tRPC callers
 * and the browser's tRPC get it as ever); beside it sits a writer of the exact text
 * `JSON.stringify` would give, which the REST adapter sends as is. For the long measurement series:
 * JSON.stringify walking 8,760 small objects cost more than the query that found them.
 */

/**
 * The writer sits on the value under a symbol (not enumerable: JSON and deep equality skip it),
 * not in a WeakMap: the garbage collector's quick passes keep every key of a long-lived WeakMap
 * alive, so each answer (8,760 rows) would be copied and promoted to the old generation.
 */
const WRITER = Symbol('ownJson');

/** `value`, whose JSON `write(value)` writes (as text or UTF-8 bytes) byte for byte as `JSON.stringify(value)` would (a test per writer checks it). */
export function withOwnJson<T extends object>(value: T, write: (value: T) => string | Uint8Array<ArrayBuffer>): T {
  Object.defineProperty(value, WRITER, { value: write });
  return value;
}

/** The JSON of a value given a writer by `withOwnJson`, else undefined. */
export function ownJson(value: unknown): string | Uint8Array<ArrayBuffer> | undefined {
  const write =
    typeof value === 'object' && value !== null ? (value as { [WRITER]?: (value: unknown) => string | Uint8Array<ArrayBuffer> })[WRITER] : undefined;
  return write?.(value);
}
