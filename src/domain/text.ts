import * as v from 'valibot';

/** Control characters other than tab and newline never belong in a stored text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A string that reports an absent key with `missing`, not valibot's generic key message. */
export const presentString = (missing: string) => v.optional(v.string(missing), '');

/** A required, trimmed, single-purpose text field with the product's Dutch messages. */
export const requiredText = (max: number, missing: string, tooLong: string) =>
  v.pipe(
    presentString(missing),
    v.trim(),
    v.nonEmpty(missing),
    v.maxLength(max, tooLong),
    v.check((s) => !CONTROL_CHARACTERS.test(s), 'Dit veld bevat ongeldige tekens.'),
  );

/** An optional text: empty becomes null. */
export const optionalText = (max: number, tooLong: string) =>
  v.pipe(
    v.nullish(v.string(), null),
    v.transform((s) => (s ?? '').trim() || null),
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(max, tooLong),
        v.check((s) => !CONTROL_CHARACTERS.test(s), 'Dit veld bevat ongeldige tekens.'),
      ),
    ),
  );

/** Text made safe to place in HTML (mail bodies). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
