/**
 * The live console's transport: tRPC's subscription link over `AuthEventSource` sends the bearer
 * header, and after a dropped connection resumes from the last event id (the server then sends
 * only what was missed).
 */
import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { afterEach, expect, test, vi } from 'vitest';
import type { AppRouter } from '../../src-server/root-router';
import { AuthEventSource } from './auth-event-source';

const stream = (text: string) => new Response(new Blob([text]).stream(), { headers: { 'content-type': 'text/event-stream' } });
const connected = 'event: connected\ndata: {}\n\n';
const event = (id: number, alarmId: number) => `id: ${id}\ndata: {"event":"alarm","data":{"type":"created","alarmId":${alarmId},"folderId":1}}\n\n`;

afterEach(() => vi.unstubAllGlobals());

test('a reconnect sends Last-Event-ID with the bearer header, and the subscription continues from there', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  const storage = new Map([['authentication', JSON.stringify({ accessToken: 'a.b', refreshToken: 'c.d' })]]);
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: () => undefined, removeItem: () => undefined });
  const requests: Headers[] = [];
  // The first connection delivers two events and drops; the second (resumed) delivers the third.
  const answers = [stream(connected + event(11, 1) + event(12, 2)), stream(connected + event(13, 3))];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      requests.push(new Headers(init.headers));
      return answers.shift() ?? new Promise<Response>(() => undefined);
    }),
  );
  const client = createTRPCClient<AppRouter>({ links: [httpSubscriptionLink({ url: 'http://localhost/trpc', EventSource: AuthEventSource })] });
  const seen: { id: string; alarmId: number }[] = [];
  const subscription = client.alarm.live.subscribe(
    { dashboardId: 1 },
    { onData: ({ id, data }) => void (data.event === 'alarm' && seen.push({ id, alarmId: data.data.alarmId })) },
  );
  await vi.waitFor(() => expect(seen).toHaveLength(2));
  await vi.advanceTimersByTimeAsync(60_000);
  await vi.waitFor(() => expect(seen).toHaveLength(3));
  subscription.unsubscribe();
  vi.useRealTimers();

  expect(seen).toEqual([
    { id: '11', alarmId: 1 },
    { id: '12', alarmId: 2 },
    { id: '13', alarmId: 3 },
  ]);
  // (The second connection ends too and reconnects again: only the first two are compared.)
  expect(requests.slice(0, 2).map((h) => h.get('authorization'))).toEqual(['Bearer a.b', 'Bearer a.b']);
  expect(requests.slice(0, 2).map((h) => h.get('last-event-id'))).toEqual([null, '12']);
});
