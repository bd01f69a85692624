/** Live events between two instances through PostgreSQL's LISTEN/NOTIFY; runs when TEST_DATABASE_URL is set. */
import { afterEach, expect, test } from 'vitest';
import { createEventBus, type StoredEvent } from './event-bus';
import { createPgEventTransport } from './pg-event-transport';

const url = process.env.TEST_DATABASE_URL;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function instance(prefix: number, schema = 'test_events') {
  const target = new URL(url!);
  target.searchParams.set('schema', schema);
  const transport = await createPgEventTransport(target.toString());
  closers.push(() => transport.close());
  return createEventBus({ transport, firstId: prefix * 2 ** 32 });
}

const alarm = (alarmId: number) => ({ event: 'alarm', data: { type: 'created', alarmId, folderId: 1 } }) as const;

function received(bus: ReturnType<typeof createEventBus>, dashboardId: number, count: number) {
  const got: StoredEvent[] = [];
  return new Promise<StoredEvent[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${count} events within 1 s`)), 1000);
    bus.subscribe(dashboardId, (events) => {
      got.push(...events);
      if (got.length >= count) {
        clearTimeout(timer);
        resolve(got);
      }
    });
  });
}

test.skipIf(!url)('an event published on one instance reaches the other within a second, with the same id, and both resume after it', async () => {
  const a = await instance(1);
  const b = await instance(2);
  const onA = received(a, 7, 2);
  const onB = received(b, 7, 2);
  a.publish(7, [alarm(1)]);
  b.publish(7, [alarm(2)]);
  const [seenA, seenB] = await Promise.all([onA, onB]);
  // One order for both instances, whichever published.
  expect(seenB).toEqual(seenA);
  expect(new Set(seenA.map((e) => e.id)).size).toBe(2);
  // A console that saw the first event on A and reconnects to B is sent the second.
  expect(b.since(7, seenA[0]!.id)).toEqual([seenA[1]]);
  expect(b.since(7, seenA[1]!.id)).toEqual([]);
  expect(a.lastId()).toBe(b.lastId());
});

test.skipIf(!url)('instances on another schema of the same database (another test file) hear nothing of these', async () => {
  const a = await instance(5, 'test_one');
  const other = await instance(6, 'test_two');
  const heard: StoredEvent[] = [];
  other.subscribe(7, (events) => heard.push(...events));
  const onA = received(a, 7, 1);
  a.publish(7, [alarm(1)]);
  await onA;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(heard).toEqual([]);
});

test.skipIf(!url)('a batch larger than one NOTIFY payload arrives whole and in order', async () => {
  const a = await instance(3);
  const b = await instance(4);
  const onB = received(b, 9, 1000);
  a.publish(
    9,
    Array.from({ length: 1000 }, (_, i) => alarm(i + 1)),
  );
  const seen = await onB;
  expect(seen.map((e) => (e.event === 'alarm' ? e.data.alarmId : 0))).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
});
