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
