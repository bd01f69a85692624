/**
 * A real SMTP server on loopback that keeps what arrives, envelope recipients included (tests only).
 * An address in `refused` is turned away for now (450, a mailbox busy), as a full mailbox would be.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtp() {
  const mails: { to: string[]; mail: ParsedMail }[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The product keeps a few connections open for its next mails (a pool): closing ends them at once.
    closeTimeout: 50,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address)) return callback();
      callback(Object.assign(new Error('Mailbox tijdelijk niet beschikbaar'), { responseCode: 450 }));
    },
    onData(stream, session, callback) {
      void simpleParser(stream).then((mail) => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    mails,
    refused,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
