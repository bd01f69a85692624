/**
 * Reading a raw message with mailparser: subject, addresses, date, text, headers and the HTML
 * body sanitized (no script, no event handlers, no remote loads, no forms) before it is stored.
 * The text is the message's text parts; a message without one gets its HTML as a person reads it
 * (html-text.ts), never mailparser's own conversion that runs table cells together.
 * Anything mailparser cannot read is reported as an error for a FAILED attempt, never thrown on.
 */
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { htmlToMailText } from './html-text';

interface Address {
  address: string;
  name: string;
}

export interface ReadMessage {
  messageId: string | null;
  subject: string | null;
  from: Address[];
  to: Address[];
  sentAt: number | null;
  text: string;
  html: string | null;
  headers: [string, string][];
}

const addresses = (value: AddressObject | AddressObject[] | undefined): Address[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => ({ address: a.address ?? '', name: a.name ?? '' }));

/** HTML that cannot run or fetch anything; inline images by cid are dropped, data: images kept. */
const sanitizeEmailHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'font', 'center', 'span']),
    allowedAttributes: {
      '*': ['style', 'align', 'width', 'height', 'colspan', 'rowspan', 'bgcolor', 'color'],
      a: ['href', 'title'],
      img: ['src', 'alt', 'width', 'height'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
  });

/**
 * A decoded subject (`=?UTF-8?B?...?=` can carry any code point) without C0/C1 control characters
 * or bidi overrides, which would garble or reorder alarm lines; tabs and line breaks become spaces.
 */
const cleanSubject = (subject: string) =>
  subject
    .replace(/[\t\r\n]/g, ' ')
    .replace(/[\p{Cc}\p{Bidi_Control}]/gu, '')
    .trim();

/** A header as text: mailparser's decoded string where it has one, else the raw line's value, unfolded. */
const headerText = (value: unknown, line: string): string =>
  typeof value === 'string'
    ? value
    : line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim();

/**
 * Whether mailparser may find an HTML part: "htm" somewhere in the bytes (a `text/html` type, or
 * a `.htm(l)` file name it takes the type from), or an RFC 2231 encoded parameter (`filename*=`,
 * which may spell such a name in %-escapes). Only a message with an HTML part can have its text
 * parts rendered into its HTML.
 */
const mayHaveHtml = (raw: Buffer) => /htm|\*=/i.test(raw.toString('latin1'));

export async function readMessage(raw: Buffer): Promise<ReadMessage> {
  // mailparser renders every text as HTML too (textAsHtml, about a third of its time on a plain
  // message), which the product neither stores nor uses; the same rendering also goes into the
  // HTML of a message with text and HTML parts side by side, so it is only skipped without HTML.
  const mail: ParsedMail = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextLinks: true,
    skipHtmlToText: true,
    skipTextToHtml: !mayHaveHtml(raw),
  });
  const html = typeof mail.html === 'string' ? mail.html : null;
  const text = mail.text?.trim() ? mail.text : html ? htmlToMailText(html) : '';
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? Math.floor(mail.date.getTime() / 1000) : null;
  return {
    messageId: mail.messageId?.trim() || null,
    subject: mail.subject === undefined ? null : cleanSubject(mail.subject),
    from: addresses(mail.from),
    to: addresses(mail.to),
    sentAt: date,
    text,
    html: html === null ? null : sanitizeEmailHtml(html),
    headers: mail.headerLines.map((h) => [h.key, headerText(mail.headers.get(h.key), h.line)]),
  };
}
