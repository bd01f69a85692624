import { describe, expect, test } from 'vitest';
import { CHUNK_ROWS, aggregateJson, chunks } from './measurement-store.queries';

const HOUR = 3600;
const YEAR = 8784 * HOUR;
const cover = (parts: ReturnType<typeof chunks>) => parts.flatMap((p) => p.channelIds.map((id) => `${id}:${p.from}-${p.to}`));

describe('reading in chunks', () => {
  test('a small read is one chunk', () => {
    expect(chunks([1, 2, 3], 0, 7 * 24 * HOUR, HOUR)).toEqual([{ channelIds: [1, 2, 3], from: 0, to: 7 * 24 * HOUR }]);
  });

  test('a year of hours for 100 channels is grouped by channels, each chunk at most CHUNK_ROWS rows, every channel once', () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const parts = chunks(ids, 0, YEAR, HOUR);
    expect(parts.every((p) => p.channelIds.length * 8784 <= CHUNK_ROWS && p.from === 0 && p.to === YEAR)).toBe(true);
    expect(parts.flatMap((p) => p.channelIds)).toEqual(ids);
  });

  test('a year of quarter-hours is read per channel in windows that end on whole hours and cover the range once', () => {
    const from = 900; // not on a whole hour
    const parts = chunks([7, 8], from, YEAR, 900);
    for (const id of [7, 8]) {
      const own = parts.filter((p) => p.channelIds[0] === id);
      expect(own[0]!.from).toBe(from);
      expect(own.at(-1)!.to).toBe(YEAR);
      own.slice(1).forEach((p, i) => expect(p.from).toBe(own[i]!.to));
      own.slice(0, -1).forEach((p) => expect(p.to % HOUR).toBe(0));
      expect(own.every((p) => (p.to - p.from) / 900 <= CHUNK_ROWS)).toBe(true);
    }
    expect(new Set(cover(parts)).size).toBe(parts.length);
  });
});

describe('the JSON of a series', () => {
  const json = (rows: Parameters<typeof aggregateJson>[0]) => new TextDecoder().decode(aggregateJson(rows));

  test('is byte for byte what JSON.stringify writes: nulls, several values, exponents, -0 and numbers JSON cannot spell', () => {
    const rows = [
      { timestamp: '2024-10-27T02:00:00+02:00', values: [1.5, null, 0, -0, 1e-7, 1e21, -123456.123456] },
      { timestamp: '2024-10-27T02:00:00+01:00', values: [NaN, Infinity, -Infinity, 0.1 + 0.2] },
      { timestamp: '2024-10-27T03:00:00+01:00', values: [] },
    ];
    expect(json(rows)).toBe(JSON.stringify(rows));
    expect(json([])).toBe('[]');
    // Past the first guess of the size, and over several writes.
    const long = Array.from({ length: 1000 }, (_, i) => ({ timestamp: '2024-01-01T00:00:00+01:00', values: [Math.PI * 1e-7 * i, -Math.E * 1e12 * i, null] }));
    expect(json(long)).toBe(JSON.stringify(long));
  });
});
