import { describe, expect, test } from 'vitest';
import { formatAddresses, formatSize, headerText } from './email-format';

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

  test('structured headers read as text; anything else as it came', () => {
    expect(headerText('{"value":[{"address":"a@example.nl","name":"A"}],"html":"<span>A</span>","text":"\\"A\\" <a@example.nl>"}')).toBe('"A" <a@example.nl>');
    expect(headerText('{"value":"multipart/alternative","params":{"boundary":"grens"}}')).toBe('multipart/alternative; boundary=grens');
    expect(headerText('{geen json')).toBe('{geen json');
    expect(headerText('Storing pomp 3')).toBe('Storing pomp 3');
  });
});
