/**
 * STARTTLS for real: the receiver started with a self-signed certificate and key (SMTP_TLS_CERT,
 * SMTP_TLS_KEY), nodemailer requiring TLS and trusting that certificate. Mail arrives over the
 * upgraded connection, AUTH PLAIN works there, and with TLS on offer a password never travels in
 * the clear: AUTH is neither advertised nor accepted before STARTTLS. TLS stays optional for
 * addresses without a password (many devices cannot do it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import path from 'node:path';
import { type SendMailOptions, createTransport } from 'nodemailer';
import { afterEach, expect, onTestFinished, test } from 'vitest';
import { loadConfig } from '../../../config';
import { createAlarmWorld, type AlarmWorld } from '../../../testing/alarm-world';
import { runToExit } from '../../../testing/product-process';
import { selfSignedCertificate } from '../../../testing/certificate';
import { testTempDir } from '../../../testing/temp-dir';

const DOMAIN = 'alarm.example.nl';
let world: AlarmWorld | undefined;
afterEach(async () => {
  await world?.h.close();
  world = undefined;
});

/** A certificate for 127.0.0.1 in PEM files of this test's own folder. */
function certificateFiles() {
  const dir = testTempDir('energie-smtp-tls-');
  const { cert, key } = selfSignedCertificate();
  const files = { cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem') };
  writeFileSync(files.cert, cert);
  writeFileSync(files.key, key);
  return files;
}

async function receivingWithTls() {
  const tls = selfSignedCertificate();
  world = await createAlarmWorld({ smtp: { domain: DOMAIN, listen: { port: 0, host: '127.0.0.1', tls } } });
  await world.h.smtpReceiver!.start();
  return { w: world, port: world.h.smtpReceiver!.port()!, ca: tls.cert };
}

const mail = (to: string, id: string) =>
  `From: NAS <nas@example.nl>\r\nTo: ${to}\r\nSubject: Schijf 2 defect\r\nMessage-ID: <${id}@example.nl>\r\n\r\nSchijf 2 meldt fouten.\r\n`;

/** nodemailer as a careful sender: STARTTLS or nothing, checking the certificate against `ca`. */
async function sendOverTls(port: number, ca: string, to: string, raw: string, auth?: { user: string; pass: string }) {
  const transport = createTransport({ url: `smtp://127.0.0.1:${port}`, requireTLS: true, tls: { ca: [ca] }, auth });
  const message = { envelope: { from: 'nas@example.nl', to: [to] }, raw } as unknown as SendMailOptions;
  onTestFinished(() => transport.close());
  return (await transport.sendMail(message)) as unknown as { response: string };
}

const stored = (w: AlarmWorld) => w.h.db.selectFrom('alarmEmail').select(['sourceId', 'dedupeKey']).execute();

/** A raw dialogue that keeps each reply's whole text (EHLO's extensions), on one plain connection. */
async function plainDialogue(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  onTestFinished(() => void socket.destroy());
  let buffer = '';
  let lines: string[] = [];
  const waiting: ((reply: string[]) => void)[] = [];
  socket.on('data', (d) => {
    buffer += d.toString('latin1');
    for (let at = buffer.indexOf('\r\n'); at >= 0; at = buffer.indexOf('\r\n')) {
      lines.push(buffer.slice(0, at));
      buffer = buffer.slice(at + 2);
      if (/^\d{3} /.test(lines.at(-1)!)) {
        const reply = lines;
        lines = [];
        waiting.shift()?.(reply);
      }
    }
  });
  const next = () => new Promise<string[]>((resolve) => waiting.push(resolve));
  await next();
  return (line: string) => {
    const reply = next();
    socket.write(`${line}\r\n`);
    return reply;
  };
}

test('with a certificate the receiver offers STARTTLS; a sender that requires TLS upgrades, checks the certificate, and its mail is stored', async () => {
  const { w, port, ca } = await receivingWithTls();
  const { address, id } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'NAS' });

  const info = await sendOverTls(port, ca, address, mail(address, 'tls-1'));
  expect(info.response).toMatch(/^250 /);
  expect(await stored(w)).toEqual([{ sourceId: id, dedupeKey: 'mid:tls-1@example.nl' }]);

  // The certificate served is the configured one: a sender trusting another refuses it.
  const other = selfSignedCertificate().cert;
  await expect(sendOverTls(port, other, address, mail(address, 'tls-2'))).rejects.toThrow(/certificate/);
  expect(await stored(w)).toHaveLength(1);
});

test('AUTH PLAIN for an address with a password works over the upgraded connection; a wrong password is refused there with 535', async () => {
  const { w, port, ca } = await receivingWithTls();
  const { address } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Beveiligd', password: 'een-lang-wachtwoord' });

  await expect(sendOverTls(port, ca, address, mail(address, 'fout'), { user: address, pass: 'verkeerd-wachtwoord' })).rejects.toMatchObject({
    responseCode: 535,
  });
  const info = await sendOverTls(port, ca, address, mail(address, 'goed'), { user: address, pass: 'een-lang-wachtwoord' });
  expect(info.response).toMatch(/^250 /);
  expect((await stored(w)).map((m) => m.dedupeKey)).toEqual(['mid:goed@example.nl']);
});

test('with TLS on offer, AUTH on a plain connection is refused with 538 until STARTTLS; an address without a password still takes plain mail', async () => {
  const { w, port } = await receivingWithTls();
  const secured = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Beveiligd', password: 'een-lang-wachtwoord' });
  const open = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Apparaat' });
  const say = await plainDialogue(port);

  const ehlo = await say('EHLO nas.example.nl');
  expect(ehlo.some((l) => /^250[- ]STARTTLS$/.test(l))).toBe(true);
  const credentials = Buffer.from(`\0${secured.address}\0een-lang-wachtwoord`).toString('base64');
  const auth = await say(`AUTH PLAIN ${credentials}`);
  expect(auth).toEqual([expect.stringMatching(/^538 .*STARTTLS/)]);

  expect(await say('MAIL FROM:<nas@example.nl>')).toEqual([expect.stringMatching(/^250 /)]);
  // Without signing in, the address with a password is refused; the one without takes the mail.
  expect(await say(`RCPT TO:<${secured.address}>`)).toEqual([expect.stringMatching(/^530 /)]);
  expect(await say(`RCPT TO:<${open.address}>`)).toEqual([expect.stringMatching(/^250 /)]);
  expect(await say('DATA')).toEqual([expect.stringMatching(/^354 /)]);
  expect(await say(`${mail(open.address, 'klaar')}.`)).toEqual([expect.stringMatching(/^250 /)]);
  expect(await stored(w)).toEqual([{ sourceId: open.id, dedupeKey: 'mid:klaar@example.nl' }]);
});

test('a certificate or key file that is missing, does not parse or does not belong to the other stops start-up with one line', async () => {
  const { cert, key } = certificateFiles();
  const dir = path.dirname(cert);
  const garbage = path.join(dir, 'garbage.pem');
  writeFileSync(garbage, 'dit is geen certificaat\n');
  const otherKey = path.join(dir, 'other-key.pem');
  writeFileSync(otherKey, selfSignedCertificate().key);
  const load = (SMTP_TLS_CERT: string, SMTP_TLS_KEY: string) =>
    loadConfig({ DATA_DIR: testTempDir('energie-config-'), SMTP_LISTEN: '2525', SMTP_TLS_CERT, SMTP_TLS_KEY });

  expect(load(cert, key).smtpReceiver.tls).toEqual({ cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') });
  const missing = path.join(dir, 'nergens.pem');
  expect(() => load(missing, key)).toThrow(`Invalid configuration: SMTP_TLS_CERT: ${missing}: no such file`);
  expect(() => load(cert, missing)).toThrow(`Invalid configuration: SMTP_TLS_KEY: ${missing}: no such file`);
  expect(() => load(dir, key)).toThrow(`Invalid configuration: SMTP_TLS_CERT: ${dir}: a folder, not a file`);
  expect(() => load(garbage, key)).toThrow(`Invalid configuration: SMTP_TLS_CERT: ${garbage} holds no PEM certificate`);
  expect(() => load(cert, garbage)).toThrow(`Invalid configuration: SMTP_TLS_KEY: ${garbage} holds no unencrypted PEM private key`);
  // The key in place of the certificate, the certificate in place of the key.
  expect(() => load(key, cert)).toThrow(`Invalid configuration: SMTP_TLS_CERT: ${key} holds no PEM certificate`);
  expect(() => load(cert, otherKey)).toThrow(`Invalid configuration: SMTP_TLS_KEY: ${otherKey} does not belong to the certificate in ${cert}`);

  // The process: exit code 1 and that one line, no stack trace, nothing listening.
  const run = await runToExit(testTempDir('energie-smtp-tls-'), { SMTP_LISTEN: '0', SMTP_TLS_CERT: missing, SMTP_TLS_KEY: key });
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 1, stderr: `Invalid configuration: SMTP_TLS_CERT: ${missing}: no such file\n` });
}, 30_000);
