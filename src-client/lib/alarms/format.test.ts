import { describe, expect, test } from 'vitest';
import { formatAddresses } from './format';

describe('how e-mail addresses read in the alarm area', () => {
  test('addresses with and without a name', () => {
    expect(
      formatAddresses([
        { name: 'Gebouwbeheer', address: 'gbs@example.nl' },
        { name: '', address: 'b@example.nl' },
      ]),
    ).toBe('Gebouwbeheer <gbs@example.nl>, b@example.nl');
  });
});
