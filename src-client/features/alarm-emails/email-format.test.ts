import { describe, expect, test } from 'vitest';
import { formatSize } from './email-format';

describe('how e-mails read in the inbox', () => {
  test('sizes in Dutch notation', () => {
    expect(formatSize(705)).toBe('705 bytes');
    expect(formatSize(12_600)).toBe('12,3 kB');
    expect(formatSize(8 * 1024 * 1024)).toBe('8 MB');
  });
});
