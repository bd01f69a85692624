import { describe, expect, it } from 'vitest';
import { interpretCustomResult } from './custom-result';

describe('interpretCustomResult', () => {
  it('rejects on null, undefined and { reject }', () => {
    expect(interpretCustomResult(null)).toMatchObject({ type: 'REJECTED' });
    expect(interpretCustomResult(undefined)).toMatchObject({ type: 'REJECTED' });
    expect(interpretCustomResult({ reject: '  Geen alarmonderwerp ' })).toEqual({ type: 'REJECTED', reason: 'Geen alarmonderwerp' });
    expect(interpretCustomResult({ reject: true })).toEqual({ type: 'REJECTED', reason: 'Afgewezen door parse(email).' });
  });

  it('matches: deadlineAt (ISO or epoch ms) becomes epoch seconds, folder becomes folderName', () => {
    const iso = interpretCustomResult({
      line: ' WP-12: storing ',
      priority: 'HIGH',
      data: { a: 'b' },
      deadlineAt: '2024-05-01T10:00:00Z',
      folder: 'storingen',
    });
    expect(iso).toEqual({
      type: 'MATCHED',
      line: 'WP-12: storing',
      priority: 'HIGH',
      data: { a: 'b' },
      deadlineAt: Date.UTC(2024, 4, 1, 10) / 1000,
      deadlineMinutes: null,
      folderId: null,
      folderName: 'storingen',
      group: null,
      locationId: null,
      locationRef: null,
    });
    expect(interpretCustomResult({ line: 'x', deadlineAt: 1_714_557_600_500 })).toMatchObject({
      deadlineAt: 1_714_557_600,
      priority: null,
      data: {},
      folderName: null,
    });
  });

  it('fails with the Dutch message of the first invalid field', () => {
    expect(interpretCustomResult({ line: 'x'.repeat(513) })).toMatchObject({
      type: 'FAILED',
      exceptionType: 'InvalidResult',
      exceptionMessage: 'Ongeldig resultaat van parse(email): line mag maximaal 512 tekens lang zijn.',
    });
    expect(interpretCustomResult({ line: 'x', priority: 'URGENT' })).toMatchObject({
      exceptionMessage: 'Ongeldig resultaat van parse(email): priority: De prioriteit moet LOW, MEDIUM of HIGH zijn.',
    });
    expect(interpretCustomResult({ line: 'x', color: 'red' })).toMatchObject({ exceptionMessage: expect.stringContaining('Onbekend veld: color') });
    expect(interpretCustomResult('WP-12 storing')).toMatchObject({ type: 'FAILED', exceptionType: 'InvalidResult' });
  });
});
