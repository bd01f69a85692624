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

/** A raw header line's value: after its colon, unfolded, trimmed. */
const lineValue = (line: string) =>
  line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();

/** A header as text: mailparser's decoded string where it has one, else the raw line's value. */
const headerText = (value: unknown, line: string): string => (typeof value === 'string' ? value : lineValue(line));

/**
 * Whether mailparser may find an HTML part: "htm" somewhere in the bytes (a `text/html` type, or
 * a `.htm(l)` file name it takes the type from), or an RFC 2231 encoded parameter (`filename*=`,
 * which may spell such a name in %-escapes). Only a message with an HTML part can have its text
 * parts rendered into its HTML.
 */
const mayHaveHtml = (raw: Buffer) => /htm|\*=/i.test(raw.toString('latin1'));

/**
 * The Date header's moment; null without one or when it cannot be read (mailparser gives the
 * moment of reading then, which would show as the time the mail was sent, and differ per reading).
 */
function sentAtOf(mail: ParsedMail): number | null {
  const line = mail.headerLines.find((h) => h.key === 'date')?.line;
  if (!line) return null;
  const at = new Date(lineValue(line)).getTime();
  return Number.isNaN(at) ? null : Math.floor(at / 1000);
}

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
  const date = sentAtOf(mail);
  return {
    subject: mail.subject === undefined ? null : cleanSubject(mail.subject),
    from: addresses(mail.from),
    to: addresses(mail.to),
    sentAt: date,
    text,
    html: html === null ? null : sanitizeEmailHtml(html),
    headers: mail.headerLines.map((h) => [h.key, headerText(mail.headers.get(h.key), h.line)]),
  };
}

/** A message's header block: the bytes before its first empty line, at most 256 KB. */
export function headerBlock(raw: Buffer) {
  const end = raw.indexOf('\r\n\r\n');
  const alt = raw.indexOf('\n\n');
  const cut = [end, alt].filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? Math.min(raw.length, 256 * 1024);
  return raw.subarray(0, Math.min(cut, 256 * 1024));
}

const MESSAGE_ID_LINE = /^message-id[ \t]*:/i;

/**
 * The Message-ID as mailparser reads it (the first non-empty one, unfolded, UTF-8, in angle
 * brackets), from the header block alone: storing a fetched message needs it for the dedupe key
 * before mailparser has read the message. An encoded word in it (`=?`, seldom seen) is left to
 * mailparser, so the answer is always mailparser's.
 */
export async function messageIdOf(raw: Buffer): Promise<string | null> {
  const lines = headerBlock(raw)
    .toString('latin1')
    .split(/\r?\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    if (!MESSAGE_ID_LINE.test(lines[i]!)) continue;
    let value = lines[i]!.slice(lines[i]!.indexOf(':') + 1);
    while (i + 1 < lines.length && /^[ \t]/.test(lines[i + 1]!)) value += ` ${lines[++i]!.trim()}`;
    value = Buffer.from(value.trim(), 'latin1').toString('utf8');
    if (value.includes('=?')) return (await simpleParser(headerBlock(raw))).messageId?.trim() || null;
    if (!value) continue;
    return `${value.startsWith('<') ? '' : '<'}${value}${value.endsWith('>') ? '' : '>'}`;
  }
  return null;
}
