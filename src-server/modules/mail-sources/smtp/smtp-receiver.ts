/**
 * The SMTP receiver (SMTP_LISTEN): devices and monitoring tools mail a dashboard's receiving
 * address straight to the product, without a mailbox in between. Refusals happen in the dialogue,
 * never by a bounce mail afterwards (no backscatter): an unknown recipient at RCPT (550), a message
 * over 25 MB at the end of DATA (552, counted while it streams, never held whole), more than 600
 * messages a minute to one address or more than 60 open connections from one client (421). An
 * accepted message is stored raw exactly as fetched mail is (same dedupe key, reader and parsers)
 * and committed before `250` is answered: a crash after `250` loses nothing, a crash before it lets
 * the sender retry, and a retry of what was stored is answered `250` and stored once.
 */
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { epochSeconds } from '../../../platform/clock';
import { ConfigError } from '../../../platform/errors';
import { SlidingWindowLimiter } from '../../../platform/rate-limit';
import { MAX_RAW_BYTES } from '../../alarm-emails/alarm-emails.store';
import { countReceivedMessages } from '../mail-sources.queries';
import type { SourceDeps } from '../mail-sources.service';
import { storeSourceMails } from '../mail-sources.service';
import type { MailSourceRow } from '../mail-sources.table';
import { createRecipientLookup } from './smtp-recipients';

export interface SmtpReceiverOptions {
  port: number;
  host: string;
  /** The certificate and key (PEM text) for STARTTLS; without them STARTTLS is not offered. */
  tls?: { cert: string; key: string };
}

const MESSAGES_PER_MINUTE = 600;
const CONNECTIONS_PER_CLIENT = 60;

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** Stored must mean stored: the mail of one DATA for each recipient's source, committed, before the answer. */
async function storeForRecipients(deps: SourceDeps, sources: MailSourceRow[], raw: Buffer) {
  const at = epochSeconds(deps.clock);
  for (const row of sources) await storeSourceMails(deps, row, [{ raw, arrivedAt: at }], (trx, stored) => countReceivedMessages(trx, row.id, stored, at));
}

/** Reads a DATA stream, keeping its bytes only while they fit: an oversized message is counted to its end, not held. */
function readMessage(stream: SMTPServerDataStream) {
  return new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_RAW_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    stream.once('error', reject);
    stream.once('end', () => resolve(stream.sizeExceeded || size > MAX_RAW_BYTES ? null : Buffer.concat(chunks, size)));
  });
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function createSmtpReceiver(deps: SourceDeps, options: SmtpReceiverOptions) {
  const recipients = createRecipientLookup(deps.db, deps.smtp.domain);
  const perAddress = new SlidingWindowLimiter(MESSAGES_PER_MINUTE, 60, () => deps.clock().getTime() / 1000);
  const open = new Map<string, number>();
  const counted = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  const tls = options.tls ?? null;
  let listening = false;

  const server = new SMTPServer({
    name: deps.smtp.domain,
    banner: 'Energiebeheer',
    size: MAX_RAW_BYTES,
    rejectOversized: true,
    authMethods: ['PLAIN'],
    authOptional: true,
    // Without TLS on offer a device on the local network may still sign in; with it, only over TLS.
    allowInsecureAuth: !tls,
    disabledCommands: tls ? [] : ['STARTTLS'],
    ...(tls ?? {}),
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 2000,
    onConnect(session, callback) {
      const client = session.remoteAddress;
      const n = open.get(client) ?? 0;
      if (n >= CONNECTIONS_PER_CLIENT) return callback(smtpError(421, `Too many connections from ${client}, try again later`));
      open.set(client, n + 1);
      counted.add(session.id);
      callback();
    },
    onClose(session) {
      if (!counted.delete(session.id)) return;
      const n = (open.get(session.remoteAddress) ?? 1) - 1;
      if (n > 0) open.set(session.remoteAddress, n);
      else open.delete(session.remoteAddress);
    },
    onAuth(auth, _session, callback) {
      void recipients.find(auth.username ?? '').then(
        (row) => {
          const password = row?.secret ? deps.secrets.open<string>(row.secret) : null;
          if (!row || password === null || !sameSecret(password, auth.password ?? '')) return callback(smtpError(535, 'Authentication failed'));
          callback(null, { user: row.id });
        },
        (error: unknown) => callback(Object.assign(error as Error, { responseCode: 454 })),
      );
    },
    onRcptTo(address, session, callback) {
      void recipients.find(address.address).then(
        (row) => {
          if (!row) return callback(smtpError(550, `No such recipient here: ${address.address}`));
          if (row.secret !== null && session.user !== row.id) return callback(smtpError(530, 'Authentication required for this recipient'));
          const wait = perAddress.retryAfter(String(row.id));
          if (wait > 0) return callback(smtpError(421, `Too many messages for ${address.address}, try again in ${wait} s`));
          perAddress.reserve(String(row.id));
          callback();
        },
        () => callback(smtpError(451, 'Temporary failure, try again later')),
      );
    },
    onData(stream, session, callback) {
      const work = readMessage(stream).then(async (raw) => {
        // Over the size limit: the server answers 552 itself.
        if (!raw) return callback();
        const sources = await recipientSources(session);
        if (!sources.length) return callback(smtpError(550, 'No such recipient here'));
        await storeForRecipients(deps, sources, raw);
        callback(null, 'OK: stored');
      });
      const tracked = work.catch((error: unknown) => {
        console.error('SMTP receiver:', error);
        callback(smtpError(451, 'Temporary failure while storing, try again later'));
      });
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
    },
  });

  /** The recipients' sources, each once (two addresses of one message may name the same source); gone since RCPT: left out. */
  async function recipientSources(session: SMTPServerSession) {
    const rows = await Promise.all(session.envelope.rcptTo.map((r) => recipients.find(r.address)));
    return [...new Map(rows.filter((r) => r !== null).map((r) => [r.id, r])).values()];
  }

  return {
    listening: () => listening,
    /** A deleted address is refused from now on in this process. */
    forget: (localPart: string) => recipients.forget(localPart),
    start() {
      return new Promise<void>((resolve, reject) => {
        server.server.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'EADDRINUSE' ? new ConfigError(`Poort ${options.port} voor SMTP_LISTEN is al in gebruik: kies een andere poort.`) : error),
        );
        server.listen(options.port, options.host, () => {
          listening = true;
          // Mail is read as it is stored, before its 250: the reader's worker loads now, not with the first message.
          deps.reading.warm();
          resolve();
        });
      });
    },
    port: () => (server.server.address() as AddressInfo | null)?.port ?? null,
    /** Stops taking connections and waits for the messages being stored: an answered message is a stored one. */
    async stop() {
      if (!listening) return;
      listening = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(inFlight);
    },
  };
}

export type SmtpReceiver = ReturnType<typeof createSmtpReceiver>;
