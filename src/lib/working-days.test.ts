import { describe, expect, test } from 'vitest';
import { firstWorkingDay, isWorkingDay } from './working-days';

describe('Dutch working days', () => {
  test('the first working day skips the weekend', () => {
    expect(firstWorkingDay('2026-11')).toBe('2026-11-02'); // 1 November 2026 is a Sunday
    expect(firstWorkingDay('2026-12')).toBe('2026-12-01');
  });

  test('the first working day skips public holidays', () => {
    expect(firstWorkingDay('2027-01')).toBe('2027-01-04'); // Friday New Year, then the weekend
    expect(firstWorkingDay('2024-04')).toBe('2024-04-02'); // Monday 1 April 2024 was Easter Monday
    expect(firstWorkingDay('2020-06')).toBe('2020-06-02'); // Whit Monday 1 June 2020
  });

  test('Koningsdag and Christmas are no working days; an ordinary Tuesday is', () => {
    expect(isWorkingDay('2026-04-27')).toBe(false);
    expect(isWorkingDay('2025-04-26')).toBe(false); // the 27th was a Sunday
    expect(isWorkingDay('2026-12-25')).toBe(false);
    expect(isWorkingDay('2026-12-01')).toBe(true);
  });
});
