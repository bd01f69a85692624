/**
 * Fetching new mail from an IMAP mailbox with imapflow. The cursor is
 * UIDVALIDITY plus the last stored UID; a changed UIDVALIDITY rescans the folder (the store's
 * dedupe keeps that harmless). Each fetched batch is stored in one transaction with its cursor,
 * before it is flagged \Seen on the server. Known imapflow pitfalls are avoided: no command inside a fetch loop (UIDs
 * are searched first, then fetched in batches, the next batch while the one before is stored), an `error`
 * listener on every client, and a new client per connection attempt.
 */
import { ImapFlow } from 'imapflow';
import type { ImapTarget } from './imap-address';
import { ImapSourceError } from './imap-error';

export interface ImapSettings {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  inputFolder: string;
}

export interface ImapCursor {
  uidValidity: string | null;
  lastUid: number;
}

/**
 * A fetched batch to store, in UID order, in one transaction with `cursor`, the source position
 * after its last message. `arrivedAt`: a message's INTERNALDATE (when the server received it), epoch
 * seconds; null when absent. A batch is handed over while the one before is still being stored (so
 * that its reading can begin): `turn` settles once that one is stored, and the transaction must wait
 * for it, and fail with it.
 */
export type StoreImapBatch = (
  messages: { raw: Buffer; arrivedAt: number | null }[],
  cursor: { uidValidity: string; lastUid: number },
  turn: Promise<void>,
) => Promise<void>;

const BATCH = 100;

/**
 * Everything that fails before the server's IMAP greeting (a closed port, another service, a
 * timeout, a TLS mismatch) answers this one message, so the source test tells no port from another.
 */
export const NO_IMAP_SERVER = 'Geen IMAP-server bereikbaar op dit adres en deze poort (controleer ook de TLS-instelling).';

/** imapflow's client, whose `connect()` fails with NO_IMAP_SERVER until an IMAP greeting (OK or PREAUTH) proved the server. */
class SourceImapFlow extends ImapFlow {
  override async connect() {
    try {
      await super.connect();
    } catch (error) {
      if (this.greeting === undefined && !this.authenticated) throw new ImapSourceError(NO_IMAP_SERVER);
      throw error;
    }
  }
}

/**
 * A client for the mailbox, not yet connected. The product passes `target` (imap-address.ts): the
 * connection then goes to that checked address while TLS still names and verifies the host name.
 */
export function connectImap(settings: ImapSettings, options: { timeoutMs?: number; target?: ImapTarget } = {}) {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const client = new SourceImapFlow({
    host: options.target?.address ?? settings.host,
    ...(options.target?.servername ? { servername: options.target.servername } : {}),
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.username, pass: settings.password },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 5 * 60_000,
    disableAutoIdle: true,
  });
  // Without a listener a dropped socket would crash the process.
  client.on('error', () => undefined);
  return client;
}

/**
 * A Dutch message for what went wrong while talking to the server. Failures before its greeting
 * are ImapSourceErrors already (NO_IMAP_SERVER, an unknown or internal host); what is left comes
 * from a proven IMAP server, so it may say what the user has to fix.
 */
export function describeImapError(error: unknown, settings: Pick<ImapSettings, 'host' | 'port' | 'inputFolder'>): string {
  if (error instanceof ImapSourceError) return error.message;
  const e = error as { code?: string; authenticationFailed?: boolean; serverResponseCode?: string; message?: string; responseText?: string };
  const where = `${settings.host}:${settings.port}`;
  if (e.authenticationFailed) return `De IMAP-server ${where} weigert de gebruikersnaam of het wachtwoord.`;
  if (e.serverResponseCode === 'NONEXISTENT' || /mailbox doesn't exist|not exist/i.test(e.responseText ?? ''))
    return `De map "${settings.inputFolder}" bestaat niet op de IMAP-server.`;
  if (/certificate|SSL|TLS|wrong version number/i.test(`${e.code ?? ''} ${e.message ?? ''}`))
    return `De beveiligde verbinding (TLS) met ${where} is mislukt: ${e.message}`;
  if (e.code === 'ETIMEDOUT' || e.code === 'ECONNRESET' || e.code === 'EPIPE' || e.code === 'NoConnection')
    return `De verbinding met de IMAP-server ${where} is verbroken.`;
  return `De IMAP-server ${where} gaf een fout: ${e.responseText ?? e.message ?? String(error)}`;
}

/** Opens the input folder; a folder that does not exist is an ImapSourceError with a Dutch message. */
async function openFolder(client: ImapFlow, folder: string) {
  try {
    return await client.getMailboxLock(folder);
  } catch (error) {
    const e = error as { mailboxMissing?: boolean; serverResponseCode?: string; responseText?: string };
    if (e.mailboxMissing || e.serverResponseCode === 'NONEXISTENT' || /doesn't exist|not exist/i.test(e.responseText ?? '')) {
      throw new ImapSourceError(`De map "${folder}" bestaat niet op de IMAP-server.`);
    }
    throw error;
  }
}

type Fetched = { uid: number; source: Buffer; arrivedAt: number | null };

/** One batch of UIDs fetched (source and INTERNALDATE), in UID order. */
async function fetchBatch(client: ImapFlow, uids: number[]): Promise<Fetched[]> {
  const messages: Fetched[] = [];
  for await (const message of client.fetch(uids.join(','), { uid: true, source: true, internalDate: true }, { uid: true })) {
    const internal = message.internalDate ? new Date(message.internalDate).getTime() : NaN;
    if (message.source) messages.push({ uid: message.uid, source: message.source, arrivedAt: Number.isNaN(internal) ? null : Math.floor(internal / 1000) });
  }
  return messages.sort((a, b) => a.uid - b.uid);
}

/**
 * Stores every message after the cursor; answers the new cursor and how many were stored.
 * `client` must be connected; the caller owns it (so IDLE can follow on the same connection).
 * While a batch is stored, the next one is already being fetched (imapflow queues the commands;
 * nothing is sent inside a fetch loop) and, once fetched, handed to `store` to be read, so the
 * server's answer, the reading and the writing overlap; batches commit in order, each flagged
 * \Seen after its commit. A batch fetched ahead but not stored (a failure, a crash) has no cursor:
 * it is fetched again next time.
 */
export async function fetchNewMessages(client: ImapFlow, folder: string, cursor: ImapCursor, store: StoreImapBatch) {
  const lock = await openFolder(client, folder);
  let ahead: Promise<Fetched[]> | null = null;
  // The batch handed over last: committed; and then flagged at the server.
  let committed: Promise<void> = Promise.resolve();
  let flagged: Promise<void> = Promise.resolve();
  try {
    const mailbox = client.mailbox;
    if (!mailbox) throw new ImapSourceError(`De map "${folder}" kon niet worden geopend.`);
    const uidValidity = String(mailbox.uidValidity);
    let lastUid = cursor.uidValidity === uidValidity ? cursor.lastUid : 0;
    const uids = ((await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
    const fetchAhead = (from: number) => {
      if (from >= uids.length) return null;
      const fetching = fetchBatch(client, uids.slice(from, from + BATCH));
      // Awaited below; until then a failure must not count as unhandled.
      fetching.catch(() => undefined);
      return fetching;
    };
    let stored = 0;
    ahead = fetchAhead(0);
    for (let i = 0; ahead; i += BATCH) {
      const messages = await ahead;
      ahead = fetchAhead(i + BATCH);
      if (!messages.length) continue;
      const storing = store(
        messages.map((m) => ({ raw: m.source, arrivedAt: m.arrivedAt })),
        { uidValidity, lastUid: messages.at(-1)!.uid },
        committed,
      );
      storing.catch(() => undefined);
      // One batch is stored while the next is read: the one before must be done (its failure ends the fetch).
      await flagged;
      committed = storing;
      flagged = storing.then(async () => {
        lastUid = messages.at(-1)!.uid;
        stored += messages.length;
        // SILENT: the server does not answer with every message's new flags, which nobody reads.
        await client.messageFlagsAdd(messages.map((m) => m.uid).join(','), ['\\Seen'], { uid: true, silent: true });
      });
      flagged.catch(() => undefined);
    }
    await flagged;
    return { uidValidity, lastUid, stored, exists: mailbox.exists };
  } finally {
    // A fetch or a store still under way finishes before the folder is let go (IDLE may follow on this connection).
    await ahead?.catch(() => undefined);
    await flagged.catch(() => undefined);
    lock.release();
  }
}
