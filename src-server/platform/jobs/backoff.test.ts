import { describe, expect, test } from 'vitest';
import { backoffSeconds, retryAfterSeconds } from './backoff';

describe('backoffSeconds', () => {
  test('waits the base after the first failure and doubles per failure after that', () => {
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n))).toEqual([60, 120, 240, 480]);
    expect(backoffSeconds(3, { baseSeconds: 10 })).toBe(40);
  });

  test('never waits longer than the maximum, however many failures', () => {
    expect(backoffSeconds(9)).toBe(15_360);
    expect(backoffSeconds(10)).toBe(6 * 3600);
    expect(backoffSeconds(10_000)).toBe(6 * 3600);
    expect(backoffSeconds(5, { maxSeconds: 100 })).toBe(100);
  });

  test('a Retry-After wins over the exponential wait, but is at least 1 s and at most the maximum', () => {
    expect(backoffSeconds(5, { retryAfterSeconds: 30 })).toBe(30);
    expect(backoffSeconds(1, { retryAfterSeconds: 900 })).toBe(900);
    expect(backoffSeconds(1, { retryAfterSeconds: 0 })).toBe(1);
    expect(backoffSeconds(1, { retryAfterSeconds: 2.2 })).toBe(3);
    expect(backoffSeconds(1, { retryAfterSeconds: 10 ** 9 })).toBe(6 * 3600);
    expect(backoffSeconds(2, { retryAfterSeconds: null })).toBe(120);
  });
});

describe('retryAfterSeconds', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');

  test('reads delta-seconds', () => {
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds(' 7 ', now)).toBe(7);
    expect(retryAfterSeconds('0', now)).toBe(0);
  });

  test('reads all three HTTP-date forms as the seconds until that moment', () => {
    expect(retryAfterSeconds('Mon, 23 Nov 2026 10:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Monday, 23-Nov-26 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('Mon Nov 23 11:00:00 2026', now)).toBe(3600);
    expect(retryAfterSeconds('Tue Dec  1 10:00:00 2026', now)).toBe(8 * 86400);
  });

  test('rounds a moment within the second up, and a moment already past is no wait', () => {
    expect(retryAfterSeconds('Mon, 23 Nov 2026 10:00:01 GMT', new Date('2026-11-23T10:00:00.400Z'))).toBe(1);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:00:00 GMT', now)).toBe(0);
  });

  test('answers null for a missing or malformed header', () => {
    for (const header of [
      null,
      '',
      '  ',
      'soon',
      '-5',
      '1.5',
      '12abc',
      '2026-11-23T10:01:00Z',
      'Mon, 31 Feb 2026 10:00:00 GMT',
      'Mon, 23 Nov 2026 25:00:00 GMT',
      'Mon, 23 Foo 2026 10:00:00 GMT',
    ]) {
      expect(retryAfterSeconds(header, now), String(header)).toBeNull();
    }
  });
});
