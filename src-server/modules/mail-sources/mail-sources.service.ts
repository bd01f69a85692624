/**
 * Mail sources of a dashboard: created and changed by whoever may change its settings, with the
 * secret sealed and never returned; fetched on their interval by the `mail-fetch` job (and now, by
 * "Nu ophalen"), each failure recorded on the source with a Dutch message and retried with backoff
 * without stopping the other sources; "Verbinding testen" connects and reports what it found.
 */
import { type CreateSource, type UpdateSource, graphFields, imapFields } from '@/domain/mail-source';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { AlarmEvent, EventBus } from '../../platform/events/event-bus';
import { AppError, notFound, invalidField } from '../../platform/errors';
import { backoffSeconds } from '../../platform/jobs/backoff';
import type { SecretBox } from '../../platform/secrets';
import { folderOfDashboard } from '../alarm-folders/alarm-folders.queries';
import { storeIncomingMails } from '../alarm-emails/alarm-emails.store';
import type { FetchGate } from '../alarm-emails/mail-reading';
import { type GraphClient, GraphError, createGraphClient } from './graph/graph-client';
import { fetchGraphMailbox, testGraphSource } from './graph/graph-fetch';
import type { ImapFlow } from 'imapflow';
import { connectImap, describeImapError, fetchNewMessages } from './imap/imap-fetch';
import { ImapSourceError } from './imap/imap-error';
import { isInternalAddress } from '../../platform/internal-address';
import { INTERNAL_HOST_MESSAGE, imapTarget, ipLiteral } from './imap/imap-address';
import * as q from './mail-sources.queries';
import type { MailSourceRow } from './mail-sources.table';
import { noteSourceEmail } from './source-silence';

export interface SourceDeps {
  db: DB;
  clock: Clock;
  secrets: SecretBox;
  /** Where Microsoft 365 lives (a loopback simulator in tests and the demo), and the clients by credentials, so tokens are reused. */
  graph: { loginUrl?: string; apiUrl?: string; clients: Map<string, GraphClient> };
  /**
   * The mail reader (alarm-emails/mail-reading.ts): mail is read in its worker as it is stored,
   * and what a batch leaves raw is read there afterwards (told as `mail-stored`; reactions.ts wakes
   * the reader); `readSource` reads a source's raw mail now (what "Nu ophalen" waits for); `warm` as
   * a fetch begins, so the reader's workers have loaded by the time its mail is stored.
   */
  reading: { readSource(sourceId: number): Promise<number>; warm(): void; fetches?: FetchGate };
  /** IMAP hosts on internal addresses are allowed (MAIL_ALLOW_PRIVATE_HOSTS): tests, the demo, firms with an internal mail server. */
  allowPrivateMailHosts: boolean;
  /** A stored e-mail that ends a source's silence resolves its alarm: open consoles follow. */
  events: EventBus;
  /** Receiving addresses (smtp/): their domain, and the instance's SMTP receiver. */
  smtp: SmtpReception;
}

/** What the sources know of the SMTP receiver: the addresses' domain, whether it listens, and an address that is gone. */
interface SmtpReception {
  domain: string;
  listening(): boolean;
  /** A deleted address is refused at once here (other instances within their lookup cache's few seconds). */
  forget(localPart: string): void;
}

export const SOURCE_ABSENT = 'Deze bron bestaat niet.';

async function assertFolder(db: DB, dashboardId: number, folderId: number | null | undefined) {
  if (folderId && !(await folderOfDashboard(db, dashboardId, folderId))) throw invalidField('folderId', 'Deze map hoort niet bij dit dashboard.');
}

/** An internal IP literal is refused when saved, under its field; a name can only be checked when connecting. */
function assertImapHost({ allowPrivateMailHosts }: SourceDeps, host: string | null | undefined) {
  const literal = host ? ipLiteral(host) : null;
  if (literal && !allowPrivateMailHosts && isInternalAddress(literal)) throw invalidField('imapHost', INTERNAL_HOST_MESSAGE);
}

export async function getSource({ db, smtp }: Pick<SourceDeps, 'db' | 'smtp'>, sourceId: number) {
  const row = await q.sourceRow(db, sourceId);
  if (!row) throw notFound(SOURCE_ABSENT);
  return q.toSource(row, smtp.domain);
}

/** The row a new source will be, checked as on save (its folder, an internal IP literal). */
async function newSourceValues(deps: SourceDeps, input: CreateSource) {
  const { db, clock, secrets } = deps;
  await assertFolder(db, input.dashboardId, input.folderId);
  if (input.type === 'IMAP') assertImapHost(deps, input.imapHost);
  const base = {
    dashboardId: input.dashboardId,
    name: input.name,
    type: input.type,
    folderId: input.folderId ?? null,
    pollIntervalSeconds: input.pollIntervalSeconds,
    silenceMinutes: input.silenceMinutes ?? null,
    createdAt: epochSeconds(clock),
  };
  const none = {
    imapHost: null,
    imapPort: null,
    imapSecure: null,
    imapUsername: null,
    imapInputFolder: null,
    clientId: null,
    tenantId: null,
    sharedMailbox: null,
    inputFolder: null,
    readCategory: null,
  };
  return input.type === 'IMAP'
    ? {
        ...base,
        ...none,
        imapHost: input.imapHost,
        imapPort: input.imapPort,
        imapSecure: input.imapSecure ? 1 : 0,
        imapUsername: input.imapUsername,
        imapInputFolder: input.imapInputFolder,
        secret: secrets.seal(input.imapPassword),
      }
    : {
        ...base,
        ...none,
        tenantId: input.tenantId,
        clientId: input.clientId,
        sharedMailbox: input.sharedMailbox,
        inputFolder: input.inputFolder,
        readCategory: input.readCategory,
        secret: secrets.seal(input.clientSecret),
      };
}

export async function createSource(deps: SourceDeps, input: CreateSource) {
  const { db } = deps;
  const values = await newSourceValues(deps, input);
  const { id } = await q.insertSource(db, { ...values, uidValidity: null, lastCheckedAt: null, lastError: null, nextAttemptAt: null });
  return getSource(deps, id);
}

/** "Verbinding testen" before saving: the form's settings, tested as a saved source would be; nothing is stored. */
/**
 * Settings refused at a field answer a 400 that names the field (the form marks it) and whose
 * message is the field's own: a test result must say why, not only that the input is wrong.
 */
async function checkedNewSourceValues(deps: SourceDeps, input: CreateSource) {
  try {
    return await newSourceValues(deps, input);
  } catch (error) {
    const fieldErrors = error instanceof AppError ? error.details.fieldErrors : undefined;
    if (!fieldErrors) throw error;
    throw new AppError((error as AppError).code, Object.values(fieldErrors).flat().join(' '), { fieldErrors });
  }
}

export async function testNewSource(deps: SourceDeps, input: CreateSource) {
  const values = await checkedNewSourceValues(deps, input);
  const row: MailSourceRow = {
    ...values,
    id: 0,
    uidValidity: null,
    lastUid: 0,
    lastCheckedAt: null,
    lastError: null,
    messagesStored: 0,
    failureCount: 0,
    nextAttemptAt: null,
    lastEmailAt: null,
    silenceRaisedFor: null,
    smtpLocalPart: null,
  };
  try {
    return await testSource(deps, row);
  } finally {
    // Graph clients are cached per credentials; an unsaved source's must not stay behind.
    deps.graph.clients.delete(`${row.tenantId}|${row.clientId}|${row.secret}`);
  }
}

/** The fields only one type of source has: sent to a source of another type, they are a mistake, never stored. */
const fieldsOfType: Record<MailSourceRow['type'], readonly string[]> = {
  IMAP: [...Object.keys(imapFields), 'imapPassword'],
  MICROSOFT_GRAPH: [...Object.keys(graphFields), 'clientSecret'],
  SMTP: [],
};
const typeNames: Record<MailSourceRow['type'], { owner: string; source: string }> = {
  IMAP: { owner: 'IMAP', source: 'IMAP' },
  MICROSOFT_GRAPH: { owner: 'Microsoft 365', source: 'Microsoft 365' },
  SMTP: { owner: 'SMTP', source: 'een ontvangstadres (SMTP)' },
};

export async function updateSource(deps: SourceDeps, input: UpdateSource) {
  const { sourceId, imapPassword, clientSecret, imapSecure, ...change } = input;
  const { db, secrets } = deps;
  const row = await q.sourceRow(db, sourceId);
  if (!row) throw notFound(SOURCE_ABSENT);
  for (const [type, fields] of Object.entries(fieldsOfType) as [MailSourceRow['type'], readonly string[]][]) {
    if (type === row.type) continue;
    const foreign = fields.find((k) => input[k as keyof UpdateSource] !== undefined && input[k as keyof UpdateSource] !== null);
    if (foreign) throw invalidField(foreign, `Dit veld hoort bij een ${typeNames[type].owner}-bron; deze bron is ${typeNames[row.type].source}.`);
  }
  await assertFolder(db, row.dashboardId, change.folderId);
  assertImapHost(deps, change.imapHost);
  // The other type's secret was refused above: at most one of them is left.
  const newSecret = imapPassword ?? clientSecret;
  // Moving the mailbox (another server, user or folder) starts its cursor afresh; dedupe keeps that harmless.
  const moved = ['imapHost', 'imapPort', 'imapUsername', 'imapInputFolder'].some(
    (k) => k in change && change[k as keyof typeof change] !== row[k as keyof MailSourceRow],
  );
  await q.updateSourceRow(db, sourceId, {
    ...change,
    ...(imapSecure === undefined ? {} : { imapSecure: imapSecure ? 1 : 0 }),
    ...(newSecret ? { secret: secrets.seal(newSecret) } : {}),
    ...(moved ? { uidValidity: null, lastUid: 0 } : {}),
    // New settings deserve a try now, not after the backoff of the old ones.
    nextAttemptAt: null,
    failureCount: 0,
  });
  return getSource(deps, sourceId);
}

export async function deleteSource({ db, smtp }: Pick<SourceDeps, 'db' | 'smtp'>, dashboardId: number, sourceId: number) {
  const row = await q.sourceRow(db, sourceId);
  if (!row || row.dashboardId !== dashboardId) throw notFound(SOURCE_ABSENT);
  await q.deleteSourceRow(db, sourceId);
  if (row.smtpLocalPart) smtp.forget(row.smtpLocalPart);
}

const imapSettings = (row: MailSourceRow, secrets: SecretBox) => ({
  host: row.imapHost!,
  port: row.imapPort!,
  secure: row.imapSecure === 1,
  username: row.imapUsername!,
  password: secrets.open<string>(row.secret!),
  inputFolder: row.imapInputFolder!,
});

/** A client for the source's mailbox, bound to its checked address (imap-address.ts); not connected yet. */
export async function imapClient(deps: SourceDeps, row: MailSourceRow, timeoutMs?: number) {
  const settings = imapSettings(row, deps.secrets);
  return connectImap(settings, { timeoutMs, target: await imapTarget(settings.host, deps.allowPrivateMailHosts) });
}

/**
 * Stores messages of the source in one transaction, read in the mail reader's worker as they are
 * stored (alarm-emails.store.ts). In it: `cursor(trx, stored)` (the IMAP cursor, with how many were
 * new), else the source's count; its last e-mail and the end of its silence (the alarm resolves,
 * published after the commit). After it, what was read wakes the parse queue (`mail-read`), what
 * stayed raw the mail reader (`mail-stored`).
 */
export async function storeSourceMails(
  deps: SourceDeps,
  row: MailSourceRow,
  messages: readonly { raw: Buffer; arrivedAt: number | null }[],
  cursor?: (trx: DB, stored: number) => Promise<unknown>,
  turn?: Promise<unknown>,
) {
  const at = epochSeconds(deps.clock);
  let events: AlarmEvent[] = [];
  const mails = messages.map((m) => ({ dashboardId: row.dashboardId, sourceId: row.id, raw: m.raw, storedAt: at, arrivedAt: m.arrivedAt }));
  const results = await storeIncomingMails(
    deps.db,
    mails,
    async (trx, stored) => {
      const fresh = stored.filter((r) => !r.duplicate);
      await (cursor ? cursor(trx, fresh.length) : fresh.length ? q.countStoredMessages(trx, row.id, fresh.length) : undefined);
      if (fresh.length) events = await noteSourceEmail(trx, row, at, fresh.at(-1)!.id);
    },
    { read: 'worker', turn },
  );
  deps.events.publish(row.dashboardId, events);
  if (results.some((r) => !r.duplicate && !r.raw)) void deps.events.emit({ kind: 'mail-read' });
  if (results.some((r) => r.raw)) void deps.events.emit({ kind: 'mail-stored' });
  return results;
}

/** Stores one message of the source (`storeSourceMails` of one). */
export async function storeSourceMail(deps: SourceDeps, row: MailSourceRow, raw: Buffer, arrivedAt: number | null) {
  const [result] = await storeSourceMails(deps, row, [{ raw, arrivedAt }]);
  return result!;
}

/**
 * Stores what arrived in the source's input folder since its cursor over a connected client, and
 * records the contact. The scheduled fetch and the IDLE watcher both come here. Each fetched batch
 * is one transaction with the cursor at its last UID.
 */
export async function storeNewImapMail(deps: SourceDeps, row: MailSourceRow, client: ImapFlow): Promise<number> {
  deps.reading.warm();
  const current = (await q.sourceRow(deps.db, row.id)) ?? row;
  const fetch = () =>
    fetchNewMessages(client, row.imapInputFolder!, { uidValidity: current.uidValidity, lastUid: current.lastUid }, async (messages, cursor, turn) => {
      await storeSourceMails(deps, row, messages, (trx, fresh) => q.advanceCursor(trx, row.id, cursor, fresh), turn);
    });
  const { stored } = await (deps.reading.fetches ? deps.reading.fetches.during(fetch) : fetch());
  await contactSucceeded(deps, row);
  return stored;
}

/** After a successful contact (a fetch or an IDLE wake-up, IMAP or Graph alike): the contact is recorded. */
async function contactSucceeded({ db, clock }: SourceDeps, row: MailSourceRow) {
  const at = epochSeconds(clock);
  await q.recordSuccess(db, row.id, at, at + row.pollIntervalSeconds);
}

/** The source's Graph client, made once per credentials so its token is cached until it expires. */
function graphClient({ graph, secrets, clock }: SourceDeps, row: MailSourceRow) {
  const key = `${row.tenantId}|${row.clientId}|${row.secret}`;
  let client = graph.clients.get(key);
  if (!client) {
    client = createGraphClient({
      loginUrl: graph.loginUrl,
      apiUrl: graph.apiUrl,
      tenantId: row.tenantId!,
      clientId: row.clientId!,
      clientSecret: secrets.open<string>(row.secret!),
      now: clock,
    });
    graph.clients.set(key, client);
  }
  return client;
}

const graphSettings = (row: MailSourceRow) => ({ sharedMailbox: row.sharedMailbox!, inputFolder: row.inputFolder!, readCategory: row.readCategory! });

async function fetchGraph(deps: SourceDeps, row: MailSourceRow) {
  deps.reading.warm();
  const { stored } = await fetchGraphMailbox(graphClient(deps, row), graphSettings(row), async (raw, meta) => {
    await storeSourceMail(deps, row, raw, meta.arrivedAt);
  });
  await contactSucceeded(deps, row);
  return stored;
}

/**
 * Fetches one source now and records the outcome on it; answers how many e-mails were stored. Mail
 * is read as it is stored; what a batch left raw is read before the answer too (what "Nu ophalen"
 * shows), unless `readLater` leaves that to the mail reader (the `mail-fetch` job).
 */
export async function fetchSource(deps: SourceDeps, row: MailSourceRow, { readLater = false } = {}): Promise<{ stored: number; error?: string }> {
  let stored = 0;
  let error: string | undefined;
  // Mail comes to a receiving address by itself: nothing to fetch.
  if (row.type === 'SMTP') return { stored };
  try {
    if (row.type === 'MICROSOFT_GRAPH') {
      stored = await fetchGraph(deps, row);
    } else {
      const client = await imapClient(deps, row);
      try {
        await client.connect();
        stored = await storeNewImapMail(deps, row, client);
      } finally {
        await client.logout().catch(() => client.close());
      }
    }
  } catch (failure) {
    error = await recordSourceFailure(deps, row, failure);
  }
  // Also what a fetch stored before it failed. Reading cannot fail the fetch: the mail is stored, and what is left raw the mail-read job reads.
  if (!readLater && stored) await deps.reading.readSource(row.id).catch((failure: unknown) => console.error('Mail reader:', failure));
  return error === undefined ? { stored } : { stored, error };
}

/** Records a failed contact on the source (Dutch message, backoff or Retry-After); answers the message. */
export async function recordSourceFailure({ db, clock }: SourceDeps, row: MailSourceRow, error: unknown): Promise<string> {
  const message =
    row.type === 'IMAP'
      ? describeImapError(error, { host: row.imapHost ?? '', port: row.imapPort ?? 0, inputFolder: row.imapInputFolder ?? '' })
      : (error as Error).message;
  if (!(error instanceof GraphError || error instanceof ImapSourceError || row.type === 'IMAP')) console.error(error);
  const current = (await q.sourceRow(db, row.id)) ?? row;
  const failures = current.failureCount + 1;
  const retryAfterSeconds = error instanceof GraphError ? error.retryAfterSeconds : null;
  await q.recordFailure(
    db,
    row.id,
    message,
    failures,
    epochSeconds(clock) + backoffSeconds(failures, { baseSeconds: 30, maxSeconds: 3600, retryAfterSeconds }),
  );
  return message;
}

/** "Verbinding testen": connect, open the input folder, count what is there; never stores anything. */
export async function testSource(deps: SourceDeps, row: MailSourceRow) {
  if (row.type === 'SMTP') return testSmtpSource(deps, row);
  if (row.type === 'MICROSOFT_GRAPH') return testGraphSource(graphClient(deps, row), graphSettings(row));
  const settings = imapSettings(row, deps.secrets);
  let client: ImapFlow | undefined;
  try {
    client = await imapClient(deps, row, 10_000);
    await client.connect();
    const status = await client.status(settings.inputFolder, { messages: true, unseen: true });
    if (!status) return { ok: false, message: `De map "${settings.inputFolder}" bestaat niet op de IMAP-server.` };
    return {
      ok: true,
      message: `Verbonden met ${settings.host}: de map "${settings.inputFolder}" bevat ${status.messages ?? 0} berichten, waarvan ${status.unseen ?? 0} ongelezen.`,
      messageCount: status.messages ?? 0,
    };
  } catch (error) {
    return { ok: false, message: describeImapError(error, settings) };
  } finally {
    await client?.logout().catch(() => client!.close());
  }
}

/** A receiving address has no mailbox to reach: the test says whether this instance's receiver takes its mail. */
function testSmtpSource({ smtp }: SourceDeps, row: MailSourceRow) {
  const address = `${row.smtpLocalPart}@${smtp.domain}`;
  return smtp.listening()
    ? { ok: true, message: `De SMTP-ontvanger neemt e-mail aan ${address} aan.` }
    : { ok: false, message: `De SMTP-ontvanger staat uit (SMTP_LISTEN is niet ingesteld): e-mail aan ${address} komt niet aan.` };
}
