/**
 * Rows for tests and the bench, inserted directly (no HUB involved): a verified feed as the sync
 * leaves it and its channels. One place, so a new feed column is added once.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DB } from '../platform/db/database';
import type { FeedRow } from '../modules/meterbeheer/meterbeheer.table';

/** The address tests and benches give a location. */
export const TEST_ADDRESS = { country: 'Nederland', state: 'Utrecht', city: 'Utrecht', streetAddress: 'Stationsplein 1', zipcode: '3511 ED', unit: null };

export async function insertFeed(db: DB, values: Partial<FeedRow> & { uuid: string }) {
  await db
    .insertInto('feed')
    .values({
      provider: 'kenter',
      name: values.uuid,
      meterKind: 'electricity',
      status: 'verified',
      ean: null,
      postalCode: null,
      houseNumber: null,
      organizationId: null,
      credentials: null,
      createTimestamp: 0,
      updateTimestamp: null,
      lastSyncAt: null,
      lastSuccessAt: null,
      lastError: null,
      nextAttemptAt: null,
      ...values,
    })
    .execute();
  return values.uuid;
}

/** A channel of a feed; answers its id. */
export async function insertChannel(db: DB, feedUuid: string, code = '1.8.0') {
  const row = await db
    .insertInto('channel')
    .values({ feedUuid, code, url: `http://127.0.0.1:9/${feedUuid}/${code}.json`, createTimestamp: 0, updateTimestamp: null, dataFrom: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An enabled parser of a dashboard: DEFAULT with its config (JSON) or CUSTOM with its code. */
export async function insertAlarmParser(db: DB, dashboardId: number, name: string, type: 'DEFAULT' | 'CUSTOM', body: string, position: number) {
  await db
    .insertInto('alarmParser')
    .values({
      dashboardId,
      name,
      type,
      enabled: 1,
      position,
      sourceId: null,
      configJson: type === 'DEFAULT' ? body : null,
      code: type === 'CUSTOM' ? body : null,
      disabledReason: null,
      createdAt: 0,
      updatedAt: 0,
    })
    .execute();
}

/** A source's input for `createSource`: one mailbox of the test Dovecot (no TLS), polled hourly (IDLE brings new mail). */
export const dovecotSource = (dovecot: { host: string; port: number }, dashboardId: number, name: string, username: string, password: string) => ({
  dashboardId,
  type: 'IMAP' as const,
  name,
  folderId: null,
  pollIntervalSeconds: 3600,
  silenceMinutes: null,
  imapHost: dovecot.host,
  imapPort: dovecot.port,
  imapSecure: false,
  imapUsername: username,
  imapPassword: password,
  imapInputFolder: 'INBOX',
});

/** A camera's alarm mail: a line of text and a binary attachment of `megabytes` MB, base64 in lines of 76. */
export function mailWithAttachment(megabytes: number, messageId: string) {
  const attachment = Buffer.alloc(megabytes * 1024 * 1024, 7)
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  return [
    'From: Camera <cam@example.nl>',
    'Subject: Beelden',
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'Zie bijlage',
    '--b',
    'Content-Type: application/octet-stream',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="clip.bin"',
    '',
    attachment,
    '--b--',
    '',
  ].join('\r\n');
}

/**
 * The real-world e-mails kept here (the readers' and the parsers' testdata), and the shared mail
 * corpus when it is present (`MAIL_CORPUS`, else `../shared/data/mail-corpus`): their paths.
 */
export function realWorldEmails(): string[] {
  const corpus = process.env.MAIL_CORPUS ?? path.resolve('../shared/data/mail-corpus');
  const dirs = [
    path.join(import.meta.dirname, '../modules/alarm-emails/testdata'),
    path.join(import.meta.dirname, '../modules/alarm-parsers/testdata'),
    ...(existsSync(corpus) ? [corpus] : []),
  ];
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => path.join(dir, f)),
  );
}
