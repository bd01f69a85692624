import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';

/** The service worker's script run against a stand-in `self`: its listeners, and what it fetched. */
function loadWorker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const fetched: { url: string; body: unknown }[] = [];
  const subscribedWith: unknown[] = [];
  const renewed = { toJSON: () => ({ endpoint: 'https://push.example/new', keys: { p256dh: 'P', auth: 'A' } }) };
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { pushManager: { subscribe: async (options: unknown) => (subscribedWith.push(options), renewed) } },
  };
  const fetch = async (url: string, init?: { body?: string }) => {
    fetched.push({ url, body: init?.body ? JSON.parse(init.body) : undefined });
    return { ok: true, json: async () => ({ publicKey: 'AQID' }) };
  };
  runInNewContext(readFileSync(new URL('./sw.js', import.meta.url), 'utf8'), { self, fetch, atob, Uint8Array, URL, JSON });
  return { listeners, fetched, subscribedWith };
}

async function change(event: Record<string, unknown>) {
  const w = loadWorker();
  let work: Promise<unknown> = Promise.resolve();
  w.listeners.get('pushsubscriptionchange')!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
  await work;
  return w;
}

test('a changed push subscription is renewed with the old key and posted to the server with the old endpoint', async () => {
  const key = new Uint8Array([4, 5, 6]).buffer;
  const w = await change({ oldSubscription: { endpoint: 'https://push.example/old', options: { applicationServerKey: key } }, newSubscription: null });
  expect(w.subscribedWith).toEqual([{ userVisibleOnly: true, applicationServerKey: key }]);
  expect(w.fetched).toEqual([
    {
      url: '/api/v1/web-push/subscription-change',
      body: { oldEndpoint: 'https://push.example/old', subscription: { endpoint: 'https://push.example/new', keys: { p256dh: 'P', auth: 'A' } } },
    },
  ]);
});

test('without the old key the worker asks the server for its VAPID key before subscribing again', async () => {
  const w = await change({ oldSubscription: { endpoint: 'https://push.example/old', options: {} }, newSubscription: null });
  expect(w.fetched.map((f) => f.url)).toEqual(['/api/v1/web-push/public-key', '/api/v1/web-push/subscription-change']);
  expect(Array.from((w.subscribedWith[0] as { applicationServerKey: Uint8Array }).applicationServerKey)).toEqual([1, 2, 3]);
});
