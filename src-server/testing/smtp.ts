/** A real SMTP server on loopback that keeps what arrives, envelope recipients included (tests only). */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtp() {
  const mails: { to: string[]; mail: ParsedMail }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
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
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
