import { describe, expect, test } from 'vitest';
import { formatAddresses, formatSize } from './email-format';

describe('how e-mails read in the inbox', () => {
  test('addresses with and without a name', () => {
    expect(
      formatAddresses([
        { name: 'Gebouwbeheer', address: 'gbs@example.nl' },
        { name: '', address: 'b@example.nl' },
      ]),
    ).toBe('Gebouwbeheer <gbs@example.nl>, b@example.nl');
  });

  test('sizes in Dutch notation', () => {
    expect(formatSize(705)).toBe('705 bytes');
    expect(formatSize(12_600)).toBe('12,3 kB');
    expect(formatSize(8 * 1024 * 1024)).toBe('8 MB');
  });
});
