/**
 * Reading a raw message with mailparser: subject, addresses, date, text, headers and the HTML
 * body sanitized (no script, no event handlers, no remote loads, no forms) before it is stored.
 * Anything mailparser cannot read is reported as an error for a FAILED attempt, never thrown on.
 */
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import sanitizeHtml from 'sanitize-html';

export interface Address {
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
export const sanitizeEmailHtml = (html: string) =>
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

/** A header as text: mailparser's decoded string where it has one, else the raw line's value, unfolded. */
const headerText = (value: unknown, line: string): string =>
  typeof value === 'string'
    ? value
    : line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim();

export async function readMessage(raw: Buffer): Promise<ReadMessage> {
  const mail: ParsedMail = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? Math.floor(mail.date.getTime() / 1000) : null;
  return {
    messageId: mail.messageId?.trim() || null,
    subject: mail.subject ?? null,
    from: addresses(mail.from),
    to: addresses(mail.to),
    sentAt: date,
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? sanitizeEmailHtml(mail.html) : null,
    headers: mail.headerLines.map((h) => [h.key, headerText(mail.headers.get(h.key), h.line)]),
  };
}
