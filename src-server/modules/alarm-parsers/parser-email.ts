/** The one conversion from a stored e-mail to what a parser sees (`ParserEmail`, src/domain/alarm-parser.ts). */
import type { ParserEmail } from '@/domain/alarm-parser';
import { isoFromSeconds } from '../../platform/clock';
import type { EmailForParsing } from '../alarm-emails/alarm-emails.queries';

type Address = { address: string; name: string };

/** `Naam <adres>`, or the bare address when there is no name. */
const shown = (a: Address) => (a.name ? `${a.name} <${a.address}>` : a.address);

export function toParserEmail(row: Pick<EmailForParsing, 'subject' | 'fromJson' | 'toJson' | 'sentAt' | 'text' | 'html' | 'headersJson'>): ParserEmail {
  // A Map, then fromEntries: a header named `__proto__` stays an ordinary key.
  const headers = new Map<string, string>();
  for (const [name, value] of JSON.parse(row.headersJson) as [string, string][]) {
    const key = name.toLowerCase();
    headers.set(key, headers.has(key) ? `${headers.get(key)}\n${value}` : value);
  }
  return {
    subject: row.subject ?? '',
    from: (JSON.parse(row.fromJson) as Address[]).map(shown).join(', '),
    to: (JSON.parse(row.toJson) as Address[]).map(shown),
    date: isoFromSeconds(row.sentAt),
    text: row.text,
    html: row.html,
    headers: Object.fromEntries(headers),
  };
}
