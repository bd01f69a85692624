import { expect, test } from 'vitest';
import { createEventBus } from './event-bus';

const counts = { event: 'counts', data: {} } as const;

test('ids grow across dashboards; a reader is sent what it missed of its own dashboard', () => {
  const bus = createEventBus({ firstId: 100 });
  bus.publish(1, [counts]);
  bus.publish(2, [counts]);
  bus.publish(1, [counts, counts]);
  expect(bus.since(1, 101)).toEqual([
    { ...counts, id: 103 },
    { ...counts, id: 104 },
  ]);
  expect(bus.since(2, 104)).toEqual([]);
  expect(bus.lastId()).toBe(104);
});

test('an id no longer held, from before this process or never given out asks for a resync (null)', () => {
  let now = 0;
  const bus = createEventBus({ firstId: 100, keep: 2, keepMs: 1000, now: () => now });
  bus.publish(1, [counts, counts, counts]);
  expect(bus.since(1, 100)).toBeNull();
  expect(bus.since(1, 101)).toHaveLength(2);
  now = 5000;
  bus.publish(1, [counts]);
  expect(bus.since(1, 103)).toHaveLength(1);
  expect(bus.since(1, 102)).toBeNull();
  expect(bus.since(1, 50)).toBeNull();
  expect(bus.since(1, 999)).toBeNull();
  // A dashboard without events yet: nothing missed since any id of this process.
  expect(bus.since(7, 100)).toEqual([]);
});
