import { describe, expect, test } from 'vitest';
import { type RotationLayer, type RotationOverride, instantToLocal, layerTurns, localToInstant, onCallAt, rota } from './rotation';

const jan = { id: 1, name: 'Jan' };
const piet = { id: 2, name: 'Piet' };
const kees = { id: 3, name: 'Kees' };
const HOUR = 3_600_000;

/** A local wall time in Europe/Amsterdam as an instant. */
const at = (local: string) => {
  const ms = localToInstant(local);
  if (ms === null) throw new Error(`no such local time: ${local}`);
  return ms;
};
const hours = (s: { start: number; end: number }) => (s.end - s.start) / HOUR;
const local = (s: { user: { name: string }; start: number; end: number }) => [s.user.name, instantToLocal(s.start), instantToLocal(s.end)];

const daily = (start: string, users = [jan, piet, kees]): RotationLayer => ({ name: 'Dag', users, start, shift: { unit: 'DAY', count: 1 } });
const everyDay = [1, 2, 3, 4, 5, 6, 7];
const nights = (from: string, to: string, start = '2026-10-01T00:00'): RotationLayer => ({
  ...daily(start),
  name: 'Nacht',
  restrictions: [{ days: everyDay, from, to }],
});

describe('handoffs at the local time of the start, across DST', () => {
  test('the daily shift over the autumn change lasts 25 hours and the next hands off at 09:00 again', () => {
    const turns = layerTurns(daily('2026-10-20T09:00'), at('2026-10-24T09:00'), at('2026-10-26T09:00'));
    expect(turns.map(local)).toEqual([
      ['Piet', '2026-10-24T09:00', '2026-10-25T09:00'],
      ['Kees', '2026-10-25T09:00', '2026-10-26T09:00'],
    ]);
    expect(turns.map(hours)).toEqual([25, 24]);
  });

  test('the daily shift over the spring change lasts 23 hours', () => {
    const turns = layerTurns(daily('2026-03-01T09:00'), at('2026-03-28T09:00'), at('2026-03-30T09:00'));
    expect(turns.map(hours)).toEqual([23, 24]);
    expect(turns.map(local).map((t) => t[2])).toEqual(['2026-03-29T09:00', '2026-03-30T09:00']);
  });

  test('a weekly shift over the autumn change lasts 169 hours, handing off on Monday 08:00 local', () => {
    const layer: RotationLayer = { name: 'Week', users: [jan, piet], start: '2026-10-05T08:00', shift: { unit: 'WEEK', count: 1 } };
    const turns = layerTurns(layer, at('2026-10-19T08:00'), at('2026-11-02T08:00'));
    expect(turns.map(local)).toEqual([
      ['Jan', '2026-10-19T08:00', '2026-10-26T08:00'],
      ['Piet', '2026-10-26T08:00', '2026-11-02T08:00'],
    ]);
    expect(turns.map(hours)).toEqual([169, 168]);
  });

  test('shifts of several days rotate in turn order: 2 days each', () => {
    const layer: RotationLayer = { ...daily('2026-01-05T07:30'), shift: { unit: 'DAY', count: 2 } };
    const turns = layerTurns(layer, at('2026-01-05T07:30'), at('2026-01-13T07:30'));
    expect(turns.map((t) => t.user.name)).toEqual(['Jan', 'Piet', 'Kees', 'Jan']);
    expect(instantToLocal(turns[3]!.start)).toBe('2026-01-11T07:30');
  });

  test('before its start a layer has nobody', () => {
    expect(layerTurns(daily('2026-06-01T09:00'), at('2026-05-01T00:00'), at('2026-06-01T09:00'))).toEqual([]);
    expect(onCallAt([daily('2026-06-01T09:00')], [], at('2026-05-31T12:00'))).toEqual({ users: [], until: at('2026-06-01T09:00') });
  });
});

describe('restrictions', () => {
  test('the night from Saturday 24 October 18:00 to Sunday 07:00 lasts 14 hours', () => {
    const turns = layerTurns(nights('18:00', '07:00'), at('2026-10-24T12:00'), at('2026-10-25T12:00'));
    expect(turns.map(local)).toEqual([
      ['Kees', '2026-10-24T18:00', '2026-10-25T00:00'],
      ['Jan', '2026-10-25T00:00', '2026-10-25T07:00'],
    ]);
    expect(turns[1]!.end - turns[0]!.start).toBe(14 * HOUR);
  });

  test('a 19:00–08:00 night over the autumn change lasts 14 hours, the night before 13', () => {
    const layer = { ...nights('19:00', '08:00'), users: [jan] };
    const [before, over] = layerTurns(layer, at('2026-10-23T12:00'), at('2026-10-25T12:00'));
    expect([hours(before!), hours(over!)]).toEqual([13, 14]);
    expect(local(over!)).toEqual(['Jan', '2026-10-24T19:00', '2026-10-25T08:00']);
  });

  test('the night over the spring change lasts 12 hours', () => {
    const layer = { ...nights('18:00', '07:00', '2026-03-01T00:00'), users: [jan] };
    const [night] = layerTurns(layer, at('2026-03-28T12:00'), at('2026-03-29T12:00'));
    expect(local(night!)).toEqual(['Jan', '2026-03-28T18:00', '2026-03-29T07:00']);
    expect(hours(night!)).toBe(12);
  });

  test('a window crossing midnight belongs to the day it starts: Friday 22:00 runs into Saturday, Thursday night is free', () => {
    const layer: RotationLayer = { ...daily('2026-11-02T00:00', [jan]), restrictions: [{ days: [5], from: '22:00', to: '06:00' }] };
    const layers = [layer];
    // 2026-11-06 is a Friday.
    expect(onCallAt(layers, [], at('2026-11-07T03:00')).users).toEqual([jan]);
    expect(onCallAt(layers, [], at('2026-11-06T03:00'))).toEqual({ users: [], until: at('2026-11-06T22:00') });
    expect(onCallAt(layers, [], at('2026-11-06T23:00')).until).toBe(at('2026-11-07T06:00'));
  });

  test('a weekend layer: Saturday and Sunday all day, from and to equal meaning 24 hours', () => {
    const layer: RotationLayer = { ...daily('2026-11-02T00:00', [kees]), restrictions: [{ days: [6, 7], from: '00:00', to: '00:00' }] };
    const turns = layerTurns(layer, at('2026-11-02T00:00'), at('2026-11-16T00:00'));
    expect(turns.map(local)).toEqual([
      ['Kees', '2026-11-07T00:00', '2026-11-09T00:00'],
      ['Kees', '2026-11-14T00:00', '2026-11-16T00:00'],
    ]);
  });

  test('handoffs go on underneath a window: the turn changes inside the night at the handoff time', () => {
    const layer = { ...nights('18:00', '08:00', '2026-11-02T07:00'), users: [jan, piet] };
    const turns = layerTurns(layer, at('2026-11-02T12:00'), at('2026-11-03T12:00'));
    expect(turns.map(local)).toEqual([
      ['Jan', '2026-11-02T18:00', '2026-11-03T07:00'],
      ['Piet', '2026-11-03T07:00', '2026-11-03T08:00'],
    ]);
  });
});

describe('layers and overrides together', () => {
  const day = daily('2026-11-02T08:00', [jan, piet]);
  const night: RotationLayer = { ...daily('2026-11-02T18:00', [kees]), name: 'Nacht', restrictions: [{ days: everyDay, from: '18:00', to: '08:00' }] };

  test('a later layer wins where it has someone; the earlier one has the rest', () => {
    const shifts = rota([day, night], [], at('2026-11-02T08:00'), at('2026-11-04T08:00'));
    expect(shifts.map((s) => [...local(s), s.source])).toEqual([
      ['Jan', '2026-11-02T08:00', '2026-11-02T18:00', 0],
      ['Kees', '2026-11-02T18:00', '2026-11-03T08:00', 1],
      ['Piet', '2026-11-03T08:00', '2026-11-03T18:00', 0],
      ['Kees', '2026-11-03T18:00', '2026-11-04T08:00', 1],
    ]);
  });

  test('where no layer has anyone nobody is on call, and the rota has a gap', () => {
    const weekdays: RotationLayer = { ...day, restrictions: [{ days: [1, 2, 3, 4, 5], from: '08:00', to: '17:00' }] };
    const shifts = rota([weekdays], [], at('2026-11-06T00:00'), at('2026-11-10T00:00'));
    expect(shifts.map(local)).toEqual([
      ['Jan', '2026-11-06T08:00', '2026-11-06T17:00'],
      ['Piet', '2026-11-09T08:00', '2026-11-09T17:00'],
    ]);
    expect(onCallAt([weekdays], [], at('2026-11-07T12:00'))).toEqual({ users: [], until: at('2026-11-09T08:00') });
  });

  test('an override replaces the layers in its span: Jan takes over Kees’s night', () => {
    const override: RotationOverride = { user: jan, from: at('2026-11-02T18:00'), to: at('2026-11-03T08:00') };
    const shifts = rota([day, night], [override], at('2026-11-02T08:00'), at('2026-11-03T18:00'));
    expect(shifts.map((s) => [...local(s), s.source])).toEqual([
      ['Jan', '2026-11-02T08:00', '2026-11-02T18:00', 0],
      ['Jan', '2026-11-02T18:00', '2026-11-03T08:00', -1],
      ['Piet', '2026-11-03T08:00', '2026-11-03T18:00', 0],
    ]);
    // Asked who is on call, Jan's day shift and his override are one stretch.
    expect(onCallAt([day, night], [override], at('2026-11-02T12:00'))).toEqual({ users: [jan], until: at('2026-11-03T08:00') });
  });

  test('of overlapping overrides the one made last wins; an override also fills a gap', () => {
    const first: RotationOverride = { user: piet, from: at('2026-11-02T00:00'), to: at('2026-11-02T06:00') };
    const second: RotationOverride = { user: kees, from: at('2026-11-02T03:00'), to: at('2026-11-02T04:00') };
    const shifts = rota([day], [first, second], at('2026-11-02T00:00'), at('2026-11-02T09:00'));
    expect(shifts.map(local)).toEqual([
      ['Piet', '2026-11-02T00:00', '2026-11-02T03:00'],
      ['Kees', '2026-11-02T03:00', '2026-11-02T04:00'],
      ['Piet', '2026-11-02T04:00', '2026-11-02T06:00'],
      ['Jan', '2026-11-02T08:00', '2026-11-02T09:00'],
    ]);
  });

  test('a layer without users has nobody and leaves the earlier layer on call', () => {
    const empty: RotationLayer = { ...night, users: [] };
    expect(onCallAt([day, empty], [], at('2026-11-02T22:00')).users).toEqual([jan]);
  });

  test('one person around the clock: on call with no change within a year', () => {
    expect(onCallAt([daily('2026-01-01T00:00', [jan])], [], at('2026-06-01T12:00'))).toEqual({ users: [jan], until: null });
    expect(onCallAt([], [], at('2026-06-01T12:00'))).toEqual({ users: [], until: null });
  });

  test('a change more than eight days away is still found', () => {
    const layer: RotationLayer = { name: 'Maand', users: [jan, piet], start: '2026-01-05T08:00', shift: { unit: 'WEEK', count: 4 } };
    expect(onCallAt([layer], [], at('2026-01-06T08:00'))).toEqual({ users: [jan], until: at('2026-02-02T08:00') });
  });
});

test('a local time the clock skips in spring does not exist; the doubled autumn hour reads as winter time', () => {
  expect(localToInstant('2026-03-29T02:30')).toBeNull();
  expect(new Date(localToInstant('2026-10-25T02:30')!).toISOString()).toBe('2026-10-25T01:30:00.000Z');
});
