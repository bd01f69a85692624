/**
 * The SMTP receiver against real SMTP clients on loopback: nodemailer for whole messages, a raw
 * socket dialogue where the exact reply to one command matters. Unknown recipients are refused at
 * RCPT, oversized mail at DATA, a duplicate is answered 250 and stored once, and an accepted
 * message goes the whole way to an alarm on the console's event stream.
 */
import { connect, type Socket } from 'node:net';
import { type SendMailOptions, createTransport } from 'nodemailer';
import { afterEach, expect, test, onTestFinished } from 'vitest';
import type { StoredEvent } from '../../../platform/events/event-bus';
import { smtpCodes } from '../../../testing/smtp-dialogue';
import { createAlarmWorld, type AlarmWorld, unreachableImap } from '../../../testing/alarm-world';

const DOMAIN = 'alarm.example.nl';
let world: AlarmWorld | undefined;
afterEach(async () => {
  await world?.h.close();
  world = undefined;
});

async function receiving() {
  world = await createAlarmWorld({ smtp: { domain: DOMAIN, listen: { port: 0, host: '127.0.0.1' } } });
  await world.h.smtpReceiver!.start();
  return { w: world, port: world.h.smtpReceiver!.port()! };
}

const storedCount = (w: AlarmWorld) =>
  w.h.db
    .selectFrom('alarmEmail')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

const mail = (to: string, id: string | null, body = 'Storing pomp 3') =>
  `From: Zabbix <zabbix@example.nl>\r\nTo: ${to}\r\nSubject: Pomp 3 in storing\r\n${id ? `Message-ID: <${id}@example.nl>\r\n` : ''}\r\n${body}\r\n`;

/** nodemailer sends the raw message as given; its answer carries the server's last reply. */
async function send(port: number, to: string, raw: string | Buffer, auth?: { user: string; pass: string }) {
  const transport = createTransport(`smtp://127.0.0.1:${port}`, { ignoreTLS: true, auth });
  const message = { envelope: { from: 'zabbix@example.nl', to: [to] }, raw } as unknown as SendMailOptions;
  try {
    return (await transport.sendMail(message)) as unknown as { response: string };
  } finally {
    transport.close();
  }
}

test('a message to a receiving address is answered 250 only once stored, then read and parsed into an alarm on the event stream', async () => {
  const { w, port } = await receiving();
  await w.callers.admin.alarmParser.create({
    dashboardId: w.dashA.id,
    type: 'DEFAULT',
    name: 'Alles',
    enabled: true,
    sourceId: null,
    config: { match: {}, line: '{{subject}}' },
  });
  const { address, id } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Zabbix' });
  expect(address).toMatch(new RegExp(`^[a-z0-9]{12}@${DOMAIN.replace(/\./g, '\\.')}$`));
  await w.h.jobs.start();
  const created = new Promise<StoredEvent>((resolve) =>
    w.h.events.subscribe(w.dashA.id, (events) => {
      const alarm = events.find((e) => e.event === 'alarm' && e.data.type === 'created');
      if (alarm) resolve(alarm);
    }),
  );

  const info = await send(port, address, mail(address, 'pomp-3'));
  expect(info.response).toMatch(/^250 /);
  // Answered means committed: the raw message is there, under the address's source.
  const [email] = await w.h.db.selectFrom('alarmEmail').select(['sourceId', 'dedupeKey', 'rawSize']).execute();
  expect(email).toMatchObject({ sourceId: id, dedupeKey: 'mid:pomp-3@example.nl' });

  await created;
  const { alarms } = await w.callers.admin.alarm.list({ folderId: w.foldersA.inbox, page: 0, size: 20, sort: 'receivedAt,desc' });
  expect(alarms.map((a) => a.line)).toEqual(['Pomp 3 in storing']);
  const [source] = (await w.callers.admin.mailSource.list({ dashboardId: w.dashA.id })).filter((s) => s.type === 'SMTP');
  expect(source).toMatchObject({ smtpAddress: address, smtpAuth: false, status: { messagesStored: 1 } });
}, 30_000);

test('unknown recipients, another domain and a deleted address are refused at RCPT with 550; nothing is stored', async () => {
  const { w, port } = await receiving();
  const { address, id } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'NAS' });
  const [local] = address.split('@');
  const codes = await smtpCodes(port, [
    'EHLO nas.example.nl',
    'MAIL FROM:<nas@example.nl>',
    `RCPT TO:<aaaaaaaaaaaa@${DOMAIN}>`,
    `RCPT TO:<${local}@example.com>`,
    `RCPT TO:<postmaster@${DOMAIN}>`,
    `RCPT TO:<${local!.toUpperCase()}@${DOMAIN.toUpperCase()}>`,
  ]);
  expect(codes).toEqual([220, 250, 250, 550, 550, 550, 250]);

  await w.callers.admin.mailSource.deleteAddress({ addressId: id });
  await expect(send(port, address, mail(address, 'na-verwijderen'))).rejects.toMatchObject({ responseCode: 550, command: 'RCPT TO' });
  expect(await storedCount(w)).toBe(0);
});

test('the same Message-ID to the same address twice: both answered 250, stored once', async () => {
  const { w, port } = await receiving();
  const { address } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Apparaat' });
  expect((await send(port, address, mail(address, 'dubbel'))).response).toMatch(/^250 /);
  expect((await send(port, address, mail(address, 'dubbel', 'opnieuw verstuurd'))).response).toMatch(/^250 /);
  // Without a Message-ID the bytes decide.
  expect((await send(port, address, mail(address, null))).response).toMatch(/^250 /);
  expect((await send(port, address, mail(address, null))).response).toMatch(/^250 /);
  expect(await storedCount(w)).toBe(2);
  const [source] = await w.callers.admin.mailSource.list({ dashboardId: w.dashA.id });
  expect(source!.status.messagesStored).toBe(2);
});

test('a message over 25 MB is refused with 552 at the end of DATA; nothing is stored and the connection goes on', async () => {
  const { w, port } = await receiving();
  const { address } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Camera' });
  const big = Buffer.concat([Buffer.from(mail(address, 'groot', '')), Buffer.alloc(26 * 1024 * 1024, 'x\r\n')]);
  await expect(send(port, address, big)).rejects.toMatchObject({ responseCode: 552, command: 'DATA' });
  expect(await storedCount(w)).toBe(0);
  expect((await send(port, address, mail(address, 'klein'))).response).toMatch(/^250 /);
});

test('an address with a password takes mail only after AUTH PLAIN with the address and that password', async () => {
  const { w, port } = await receiving();
  const { address } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Beveiligd', password: 'een-lang-wachtwoord' });
  await expect(send(port, address, mail(address, 'zonder'))).rejects.toMatchObject({ responseCode: 530, command: 'RCPT TO' });
  await expect(send(port, address, mail(address, 'fout'), { user: address, pass: 'verkeerd-wachtwoord' })).rejects.toMatchObject({
    responseCode: 535,
  });
  expect((await send(port, address, mail(address, 'goed'), { user: address, pass: 'een-lang-wachtwoord' })).response).toMatch(/^250 /);
  expect(await storedCount(w)).toBe(1);
  const [source] = await w.callers.admin.mailSource.list({ dashboardId: w.dashA.id });
  expect(source!.smtpAuth).toBe(true);
});

test('more than 600 messages a minute to one address, and more than 60 connections from one client, are answered 421', async () => {
  const { w, port } = await receiving();
  const { address } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Druk' });
  const rcpts = Array.from({ length: 601 }, () => `RCPT TO:<${address}>`);
  const codes = await smtpCodes(port, ['EHLO druk.example.nl', 'MAIL FROM:<druk@example.nl>', ...rcpts]);
  expect(codes.slice(3, 603).every((c) => c === 250)).toBe(true);
  expect(codes.at(-1)).toBe(421);

  const greetings = (socket: Socket) => new Promise<number>((resolve) => socket.once('data', (d) => resolve(Number(d.toString().slice(0, 3)))));
  const sockets = Array.from({ length: 60 }, () => connect(port, '127.0.0.1'));
  onTestFinished(() => {
    for (const s of sockets) s.destroy();
  });
  const first = await Promise.all(sockets.map(greetings));
  expect(first.every((c) => c === 220)).toBe(true);
  sockets.push(connect(port, '127.0.0.1'));
  expect(await greetings(sockets[60]!)).toBe(421);
});

test('receiving addresses follow the settings rule: an installer adds them while the dashboard is customizable, a customer never', async () => {
  const { w } = await receiving();
  const added = await w.callers.installerA.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Installateur' });
  expect((await w.callers.installerA.mailSource.addresses({ dashboardId: w.dashA.id })).map((a) => a.id)).toEqual([added.id]);
  await expect(w.callers.installerB.mailSource.deleteAddress({ addressId: added.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  await expect(w.callers.customerA.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Klant' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  // A mailbox source's id is not an address's.
  const mailbox = await w.callers.admin.mailSource.create({ dashboardId: w.dashA.id, ...unreachableImap('Postbus') });
  await expect(w.callers.admin.mailSource.deleteAddress({ addressId: mailbox.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
});
