import { systemClock } from '../../../platform/clock';
import { afterEach, describe, expect, test } from 'vitest';
import { type GraphClientOptions, createGraphClient } from './graph-client';
import { type GraphMessageMeta, fetchGraphMailbox, testGraphSource } from './graph-fetch';
import { type GraphSimulator, startGraphSimulator } from './graph-simulator';

let sim: GraphSimulator;
afterEach(() => sim?.close());

const source = { sharedMailbox: 'alarmen@example.nl', inputFolder: 'Alarmen', readCategory: 'Verwerkt' };
const mail = (n: number) => `Message-ID: <alarm-${n}@example.nl>\r\nSubject: Alarm ${n}\r\n\r\nStoring ${n}\r\n`;
const client = (options: Partial<GraphClientOptions> = {}) =>
  createGraphClient({ ...sim, timeoutMs: 2000, maxRetryAfterSeconds: 1, pageSize: 4, now: systemClock, ...options });

/** The caller's side: stores raw MIME deduplicated on Message-ID, like the stored-e-mail module does. */
function mailStore(options: { failOnCall?: number } = {}) {
  const stored = new Map<string, Buffer>();
  const calls: GraphMessageMeta[] = [];
  const store = async (raw: Buffer, meta: GraphMessageMeta) => {
    calls.push(meta);
    if (calls.length === options.failOnCall) throw new Error('the database went away');
    if (!stored.has(meta.internetMessageId!)) stored.set(meta.internetMessageId!, raw);
  };
  return { stored, calls, store };
}

async function deliver(count: number) {
  sim = await startGraphSimulator({ mailbox: source.sharedMailbox, folders: ['Alarmen'] });
  return Array.from({ length: count }, (_, n) => sim.deliver(mail(n), { folder: 'Alarmen' }));
}
const tagged = () => sim.messages('Alarmen').filter((m) => m.categories.includes('Verwerkt')).length;
const valueRequests = () => sim.log.filter((r) => r.path.endsWith('/$value')).length;

describe('fetching a Microsoft 365 mailbox', () => {
  test('stores every untagged message once, oldest first, then tags it; the next run finds nothing', async () => {
    const ids = await deliver(6);
    sim.deliver(mail(99), { folder: 'Alarmen', categories: ['Verwerkt'] });
    sim.deliver(mail(98)); // another folder
    const { stored, calls, store } = mailStore();
    expect(await fetchGraphMailbox(client(), source, store)).toEqual({ fetched: 6, stored: 6 });
    expect(calls.map((c) => c.graphId)).toEqual(ids);
    expect(stored.get('<alarm-2@example.nl>')!.toString()).toBe(mail(2));
    expect(sim.messages('Alarmen').map((m) => m.categories)).toEqual(Array(7).fill(['Verwerkt']));
    expect(await fetchGraphMailbox(client(), source, store)).toEqual({ fetched: 0, stored: 0 });
    expect(sim.messages('Inbox')[0]!.categories).toEqual([]);
  });

  test('a store that fails stops the run before the PATCH, and the next run fetches that message again', async () => {
    await deliver(3);
    const { stored, calls, store } = mailStore({ failOnCall: 2 });
    await expect(fetchGraphMailbox(client(), source, store)).rejects.toThrow('the database went away');
    expect(sim.log.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(sim.messages('Alarmen').map((m) => m.categories)).toEqual([['Verwerkt'], [], []]);
    expect(await fetchGraphMailbox(client(), source, store)).toEqual({ fetched: 2, stored: 2 });
    expect(calls.map((c) => c.internetMessageId)).toEqual(['<alarm-0@example.nl>', '<alarm-1@example.nl>', '<alarm-1@example.nl>', '<alarm-2@example.nl>']);
    expect(stored.size).toBe(3);
  });

  test('N messages arrive exactly once across a run that crashes at message k and the run after it', async () => {
    const n = 25;
    const k = 11;
    await deliver(n);
    const { stored, store } = mailStore({ failOnCall: k });
    await expect(fetchGraphMailbox(client(), source, store)).rejects.toThrow();
    expect(tagged()).toBe(k - 1);
    const fetchedBefore = valueRequests();
    expect(await fetchGraphMailbox(client(), source, store)).toEqual({ fetched: n - k + 1, stored: n - k + 1 });
    expect(valueRequests() - fetchedBefore).toBe(n - k + 1); // the first k-1 were not fetched again
    expect([...stored.keys()].sort()).toEqual(Array.from({ length: n }, (_, i) => `<alarm-${i}@example.nl>`).sort());
    expect(sim.messages('Alarmen').every((m) => m.categories.length === 1 && m.categories[0] === 'Verwerkt')).toBe(true);
  });

  test('a 429 storm is survived over several runs without losing or doubling a message', async () => {
    const n = 20;
    await deliver(n);
    sim.fail({ status: 429, retryAfter: 0, times: 1, after: 5 });
    sim.fail({ status: 429, retryAfter: 1, times: 2, after: 3, path: /\$value$/ }); // two in a row: the run fails
    sim.fail({ status: 429, retryAfter: 0, times: 3, after: 4, path: /messages\/[^/]+$/ }); // PATCHes
    sim.fail({ status: 429, retryAfter: 30, times: 1, after: 6 }); // too long to wait: the job backs off
    const { stored, calls, store } = mailStore();
    const errors: unknown[] = [];
    for (let run = 0; run < 10 && tagged() < n; run++) await fetchGraphMailbox(client(), source, store).catch((e: unknown) => errors.push(e));
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(calls.length).toBeLessThanOrEqual(n + errors.length); // a failed run hands at most one message over again
    expect(errors).toContainEqual(expect.objectContaining({ name: 'GraphError', status: 429, retryAfterSeconds: 30 }));
    expect(stored.size).toBe(n);
    expect(new Set(calls.map((c) => c.graphId)).size).toBe(n);
    expect(sim.messages('Alarmen').every((m) => m.categories.join() === 'Verwerkt')).toBe(true);
  });

  test('a timeout on the PATCH or a 503 fails the run; the next one completes, the dedupe absorbs the refetch', async () => {
    await deliver(4);
    const { stored, calls, store } = mailStore();
    sim.fail({ timeoutMs: 10_000, after: 1, path: /messages\/[^/]+$/ });
    await expect(fetchGraphMailbox(client({ timeoutMs: 1000 }), source, store)).rejects.toMatchObject({ code: 'Timeout' });
    sim.fail({ status: 503, after: 1, path: /\$value$/ }); // no Retry-After: not waited for
    await expect(fetchGraphMailbox(client(), source, store)).rejects.toMatchObject({ status: 503, retryAfterSeconds: undefined });
    expect(await fetchGraphMailbox(client(), source, store)).toMatchObject({ stored: 2 });
    expect(calls.map((c) => c.internetMessageId).filter((id) => id === '<alarm-1@example.nl>')).toHaveLength(2);
    expect(stored.size).toBe(4);
    expect(tagged()).toBe(4);
  });

  test('max and an aborted signal end a run early, leaving the rest for the next one', async () => {
    await deliver(5);
    const { store } = mailStore();
    expect(await fetchGraphMailbox(client(), source, store, { max: 2 })).toEqual({ fetched: 2, stored: 2 });
    const controller = new AbortController();
    const stopAfterOne = async (raw: Buffer, meta: GraphMessageMeta) => (await store(raw, meta), controller.abort());
    expect(await fetchGraphMailbox(client(), source, stopAfterOne, { signal: controller.signal })).toEqual({ fetched: 1, stored: 1 });
    expect(tagged()).toBe(3);
  });
});

describe('testing a Microsoft 365 source', () => {
  test('reports the folder and how many messages wait, in Dutch', async () => {
    await deliver(3);
    sim.deliver(mail(9), { folder: 'Alarmen', categories: ['Verwerkt'] });
    expect(await testGraphSource(client(), source)).toEqual({
      ok: true,
      messageCount: 3,
      message: 'Verbinding gelukt: de map "Alarmen" in alarmen@example.nl bevat 3 berichten zonder de categorie "Verwerkt".',
    });
    expect(sim.log.filter((r) => r.method === 'PATCH' || r.path.endsWith('$value'))).toEqual([]);
  });

  test('a refused tenant or a missing folder is ok: false with the reason', async () => {
    await deliver(0);
    expect(await testGraphSource(client({ tenantId: 'andere-tenant' }), source)).toEqual({
      ok: false,
      message: 'Microsoft 365 weigert de inloggegevens (tenant, client id of client secret).',
    });
    expect(await testGraphSource(client(), { ...source, inputFolder: 'Alarm' })).toEqual({
      ok: false,
      message: 'De map "Alarm" bestaat niet in de mailbox alarmen@example.nl.',
    });
    expect(await testGraphSource(client(), { ...source, readCategory: ' ' })).toMatchObject({ ok: false });
  });
});
