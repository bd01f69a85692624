/**
 * Receiving addresses: a source of type SMTP per address, so its mail is stored, counted, read,
 * parsed and watched for silence like a mailbox's. The local part is 12 random characters (about
 * 62 bits): the address itself is the secret that lets a device mail alarms in; an optional
 * password (sealed, like a mailbox password) makes senders sign in as well.
 */
import { randomInt } from 'node:crypto';
import type { CreateMailAddress, MailAddress } from '@/domain/mail-source';
import { epochSeconds } from '../../../platform/clock';
import { isUniqueViolation } from '../../../platform/errors';
import { insertSmtpSource, smtpSourcesOfDashboard } from '../mail-sources.queries';
import type { MailSourceRow } from '../mail-sources.table';
import { type SourceDeps, deleteSource } from '../mail-sources.service';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const LOCAL_PART_LENGTH = 12;

const randomLocalPart = () => Array.from({ length: LOCAL_PART_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const toAddress = (r: { id: number; name: string; smtpLocalPart: string | null }, domain: string): MailAddress => ({
  id: r.id,
  name: r.name,
  address: `${r.smtpLocalPart}@${domain}`,
});

export async function listAddresses({ db, smtp }: Pick<SourceDeps, 'db' | 'smtp'>, dashboardId: number) {
  return (await smtpSourcesOfDashboard(db, dashboardId)).map((r) => toAddress(r, smtp.domain));
}

export async function createAddress({ db, clock, secrets, smtp }: SourceDeps, input: CreateMailAddress) {
  for (let tries = 1; ; tries++) {
    const smtpLocalPart = randomLocalPart();
    try {
      const { id } = await insertSmtpSource(db, {
        dashboardId: input.dashboardId,
        name: input.name,
        smtpLocalPart,
        secret: input.password ? secrets.seal(input.password) : null,
        createdAt: epochSeconds(clock),
      });
      return toAddress({ id, name: input.name, smtpLocalPart }, smtp.domain);
    } catch (error) {
      // Two equal draws from 36^12 will not happen in practice; if they do, draw again.
      if (!isUniqueViolation(error) || tries >= 3) throw error;
    }
  }
}

/** Deleting an address deletes its source: mail to it is refused from then on; what it stored stays. */
export const deleteAddress = (deps: Pick<SourceDeps, 'db' | 'smtp'>, row: MailSourceRow) => deleteSource(deps, row.dashboardId, row.id);
