/**
 * Which SMTP source an envelope address names: `<local part>@<SMTP_DOMAIN>`, the local part
 * compared in lower case. Answers are kept for two seconds, so a burst of mail to one address asks
 * the database once, and an address deleted on another instance is refused within seconds.
 */
import type { DB } from '../../../platform/db/database';
import { smtpSourceByLocalPart } from '../mail-sources.queries';
import type { MailSourceRow } from '../mail-sources.table';
import { LOCAL_PART_LENGTH } from './smtp-addresses';

const CACHE_MS = 2000;
const LOCAL_PART = new RegExp(`^[a-z0-9]{${LOCAL_PART_LENGTH}}$`);

export function createRecipientLookup(db: DB, domain: string, now: () => number = Date.now) {
  const cache = new Map<string, { row: MailSourceRow | null; at: number }>();
  const ownDomain = domain.toLowerCase();
  return {
    async find(address: string): Promise<MailSourceRow | null> {
      const at = address.lastIndexOf('@');
      const localPart = address.slice(0, at).toLowerCase();
      if (at < 0 || address.slice(at + 1).toLowerCase() !== ownDomain || !LOCAL_PART.test(localPart)) return null;
      const cached = cache.get(localPart);
      if (cached && now() - cached.at < CACHE_MS) return cached.row;
      const row = (await smtpSourceByLocalPart(db, localPart)) ?? null;
      if (cache.size > 10_000) cache.clear();
      cache.set(localPart, { row, at: now() });
      return row;
    },
    forget(localPart: string) {
      cache.delete(localPart);
    },
  };
}
