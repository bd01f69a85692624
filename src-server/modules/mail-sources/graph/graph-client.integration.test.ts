import { systemClock } from '../../../platform/clock';
import { afterEach, describe, expect, test } from 'vitest';
import { type GraphClientOptions, GraphError, createGraphClient } from './graph-client';
import { type GraphSimulator, type GraphSimulatorOptions, startGraphSimulator } from './graph-simulator';

let sim: GraphSimulator;
afterEach(() => sim?.close());

const mail = (n: number) => `Message-ID: <alarm-${n}@example.nl>\r\nSubject: Alarm ${n}\r\nFrom: bms@example.nl\r\n\r\nStoring ${n}\r\n`;
const start = async (options: GraphSimulatorOptions = {}) => (sim = await startGraphSimulator(options));
const client = (options: Partial<GraphClientOptions> = {}) =>
  createGraphClient({
    loginUrl: sim.loginUrl,
    apiUrl: sim.apiUrl,
    tenantId: sim.tenantId,
    clientId: sim.clientId,
    clientSecret: sim.clientSecret,
    timeoutMs: 2000,
    maxRetryAfterSeconds: 1,
    now: systemClock,
    ...options,
  });
const collect = async <T>(items: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

describe('the token', () => {
  test('is cached across calls and renewed shortly before it expires', async () => {
    let clock = new Date('2025-03-03T08:00:00Z');
    await start({ tokenTtlSeconds: 600, now: () => clock });
    const graph = client({ now: () => clock });
    const inbox = await graph.findFolder(sim.mailbox, 'Inbox');
    await collect(graph.listUnread(sim.mailbox, inbox.id, 'Verwerkt'));
    await graph.findFolder(sim.mailbox, 'Inbox');
    expect(sim.tokenRequests).toBe(1);
    clock = new Date(clock.getTime() + 550_000); // within the last minute of the token's life
    await graph.findFolder(sim.mailbox, 'Inbox');
    expect(sim.tokenRequests).toBe(2);
  });

  test('that the server no longer accepts is renewed once on the 401 and the call succeeds', async () => {
    let serverClock = new Date('2025-03-03T08:00:00Z');
    await start({ tokenTtlSeconds: 600, now: () => serverClock });
    const graph = client({ now: () => new Date('2025-03-03T08:00:00Z') });
    await graph.findFolder(sim.mailbox, 'Inbox');
    serverClock = new Date(serverClock.getTime() + 3600_000);
    await expect(graph.findFolder(sim.mailbox, 'Inbox')).resolves.toMatchObject({ displayName: 'Inbox' });
    expect(sim.tokenRequests).toBe(2);
  });

  test('concurrent first calls share one token request', async () => {
    await start();
    const graph = client();
    await Promise.all([1, 2, 3].map(() => graph.findFolder(sim.mailbox, 'Inbox')));
    expect(sim.tokenRequests).toBe(1);
  });

  test.each([['tenantId'], ['clientId'], ['clientSecret']] as const)('a wrong %s is a GraphError naming the credentials', async (field) => {
    await start();
    const error = await client({ [field]: 'fout' })
      .findFolder(sim.mailbox, 'Inbox')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphError);
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_client',
      message: 'Microsoft 365 weigert de inloggegevens (tenant, client id of client secret).',
    });
    expect(sim.requests).toBe(0);
  });
});

describe('folders', () => {
  test('are found at the top level, under the Inbox, and by path; case does not matter', async () => {
    await start({ folders: ['Alarmen', 'Inbox/Storingen', "Inbox/Klant's map/Sub"] });
    const graph = client();
    expect(await graph.findFolder(sim.mailbox, 'alarmen')).toMatchObject({ displayName: 'Alarmen' });
    expect(await graph.findFolder(sim.mailbox, 'Storingen')).toMatchObject({ displayName: 'Storingen' });
    expect(await graph.findFolder(sim.mailbox, "Inbox/Klant's map/Sub")).toMatchObject({ displayName: 'Sub' });
    expect(await graph.findFolder(sim.mailbox, 'INBOX')).toMatchObject({ displayName: 'Inbox' });
  });

  test('an unknown folder or mailbox is a GraphError with a Dutch message', async () => {
    await start({ folders: ['Alarmen'] });
    const graph = client();
    await expect(graph.findFolder(sim.mailbox, 'Bestaat niet')).rejects.toMatchObject({
      status: 404,
      code: 'FolderNotFound',
      message: `De map "Bestaat niet" bestaat niet in de mailbox ${sim.mailbox}.`,
    });
    await expect(graph.findFolder(sim.mailbox, 'Alarmen/Dieper')).rejects.toThrow('De map "Alarmen/Dieper" bestaat niet');
    await expect(graph.findFolder('iemand@example.nl', 'Inbox')).rejects.toMatchObject({
      status: 404,
      message: 'De mailbox iemand@example.nl bestaat niet of is niet bereikbaar voor deze app.',
    });
  });
});

describe('messages', () => {
  test('unread ones are listed oldest first over three pages via @odata.nextLink', async () => {
    await start({ folders: ['Alarmen'] });
    const ids = Array.from({ length: 7 }, (_, n) => sim.deliver(mail(n), { folder: 'Alarmen', categories: n === 3 ? ['verwerkt'] : n === 5 ? ['Rood'] : [] }));
    const graph = client({ pageSize: 3 });
    const folder = await graph.findFolder(sim.mailbox, 'Alarmen');
    const before = sim.requests;
    const listed = await collect(graph.listUnread(sim.mailbox, folder.id, 'Verwerkt'));
    expect(sim.requests - before).toBe(3);
    expect(listed.map((m) => m.id)).toEqual(ids.filter((_, n) => n !== 3));
    expect(listed[0]).toEqual({
      id: ids[0],
      internetMessageId: '<alarm-0@example.nl>',
      categories: [],
      receivedDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(listed.find((m) => m.id === ids[5])?.categories).toEqual(['Rood']);
    expect(sim.log.filter((r) => r.path.includes('/messages?')).every((r) => r.path.includes('%24top=3') || r.path.includes('$top=3'))).toBe(true);
  });

  test('the raw MIME comes back byte for byte, and adding the category keeps the others', async () => {
    await start();
    const raw = Buffer.concat([Buffer.from('Subject: =?ISO-8859-1?Q?Caf=E9?=\r\n\r\n'), Buffer.from([0xe9, 0x00, 0xff, 0x0d, 0x0a])]);
    const id = sim.deliver(raw, { categories: ['Rood'] });
    const graph = client();
    expect((await graph.rawMessage(sim.mailbox, id)).equals(raw)).toBe(true);
    await graph.addCategory(sim.mailbox, id, ['Rood'], 'Verwerkt');
    await graph.addCategory(sim.mailbox, id, ['Rood', 'Verwerkt'], 'verwerkt'); // already there: no PATCH
    expect(sim.messages()).toEqual([{ id, internetMessageId: null, categories: ['Rood', 'Verwerkt'] }]);
    expect(sim.log.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });
});

describe('throttling and failures', () => {
  test('a short 429 is waited out and retried once; a long one fails with retryAfterSeconds', async () => {
    await start();
    const graph = client();
    await graph.findFolder(sim.mailbox, 'Inbox');
    sim.fail({ status: 429, retryAfter: 1 });
    await expect(graph.findFolder(sim.mailbox, 'Inbox')).resolves.toMatchObject({ displayName: 'Inbox' });
    sim.fail({ status: 429, retryAfter: 120 });
    await expect(graph.findFolder(sim.mailbox, 'Inbox')).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 120,
      message: 'Microsoft 365 vraagt om minder verzoeken (429); nieuwe poging over 120 s.',
    });
  });

  test('a 429 twice in a row is not retried a second time', async () => {
    await start();
    sim.fail({ status: 429, retryAfter: 1, times: 2, path: /messages/ });
    const graph = client();
    const inbox = await graph.findFolder(sim.mailbox, 'Inbox');
    await expect(collect(graph.listUnread(sim.mailbox, inbox.id, 'Verwerkt'))).rejects.toMatchObject({ status: 429, retryAfterSeconds: 1 });
    expect(sim.log.filter((r) => r.path.includes('/messages'))).toHaveLength(2);
  });

  test('a 503 with a Retry-After date further away than allowed fails with the wait in the message', async () => {
    const clock = new Date('2025-03-03T08:00:00Z');
    await start();
    sim.fail({ status: 503, retryAfter: 'Mon, 03 Mar 2025 08:00:30 GMT' });
    await expect(client({ now: () => clock }).findFolder(sim.mailbox, 'Inbox')).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 30,
      message: 'Microsoft 365 is tijdelijk niet bereikbaar (503); nieuwe poging over 30 s.',
    });
  });

  test('no answer within the timeout is a GraphError with status 0', async () => {
    await start();
    sim.fail({ timeoutMs: 5000 });
    await expect(client({ timeoutMs: 200 }).findFolder(sim.mailbox, 'Inbox')).rejects.toMatchObject({
      name: 'GraphError',
      status: 0,
      code: 'Timeout',
      message: 'Microsoft 365 reageert niet binnen 0,2 s.',
    });
  });

  test('malformed JSON and an unreachable host are GraphErrors', async () => {
    await start();
    const graph = client();
    await graph.findFolder(sim.mailbox, 'Inbox');
    sim.fail({ malformed: true });
    await expect(graph.findFolder(sim.mailbox, 'Inbox')).rejects.toThrow('Microsoft 365 gaf een antwoord dat geen geldige JSON is.');
    const apiUrl = sim.apiUrl;
    await sim.close();
    await expect(createGraphClient({ ...sim, apiUrl, timeoutMs: 2000, now: systemClock }).findFolder(sim.mailbox, 'Inbox')).rejects.toMatchObject({
      status: 0,
      code: 'Unreachable',
    });
  });
});
