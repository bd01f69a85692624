/** A bare SMTP client on one connection, for tests and benches that look at the reply to each command (and at the moment it comes). */
import { type Socket, connect } from 'node:net';

export async function openSmtpDialogue(port: number, host = '127.0.0.1') {
  const socket: Socket = connect(port, host);
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  const early: string[] = [];
  socket.on('data', (d) => {
    buffer += d.toString('latin1');
    for (let at = buffer.indexOf('\r\n'); at >= 0; at = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      // A reply's last line has a space after its code.
      if (/^\d{3} /.test(line)) (waiting.shift() ?? ((l: string) => early.push(l)))(line);
    }
  });
  socket.on('error', () => undefined);
  const reply = () => new Promise<string>((resolve) => (early.length ? resolve(early.shift()!) : waiting.push(resolve)));
  const code = async () => Number((await reply()).slice(0, 3));
  const greeting = await code();
  return {
    greeting,
    /** Sends one command line; answers its reply code. */
    async command(line: string) {
      socket.write(`${line}\r\n`);
      return code();
    },
    /** DATA, the message (dot-stuffed) and its end; answers the final reply code. `sent` is called once the end is written. */
    async data(raw: string, sent?: () => void) {
      const start = await this.command('DATA');
      if (start !== 354) return start;
      socket.write(raw.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..') + (raw.endsWith('\n') ? '' : '\r\n') + '.\r\n');
      sent?.();
      return code();
    },
    close: () => socket.destroy(),
  };
}

/** Each command's reply code, the greeting's first. */
export async function smtpCodes(port: number, commands: string[]) {
  const d = await openSmtpDialogue(port);
  const codes = [d.greeting];
  for (const line of commands) codes.push(await d.command(line));
  d.close();
  return codes;
}
