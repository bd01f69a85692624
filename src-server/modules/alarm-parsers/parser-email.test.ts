import { expect, test } from 'vitest';
import { toParserEmail } from './parser-email';

test('a stored e-mail as a parser sees it: "Naam <adres>" joined, headers lower-cased with repeats joined by a newline', () => {
  const email = toParserEmail({
    subject: null,
    fromJson: JSON.stringify([
      { address: 'gbs@priva.example', name: 'GBS Priva' },
      { address: 'kopie@priva.example', name: '' },
    ]),
    toJson: JSON.stringify([{ address: 'storingen@example.nl', name: 'Storingen' }]),
    sentAt: 1_795_000_000,
    text: 'Status: storing',
    html: null,
    headersJson: JSON.stringify([
      ['Received', 'from a'],
      ['Subject', 'x'],
      ['received', 'from b'],
      ['__proto__', 'kwaadaardig'],
    ]),
  });
  expect(email).toEqual({
    subject: '',
    from: 'GBS Priva <gbs@priva.example>, kopie@priva.example',
    to: ['Storingen <storingen@example.nl>'],
    date: '2026-11-18T11:06:40.000Z',
    text: 'Status: storing',
    html: null,
    headers: { received: 'from a\nfrom b', subject: 'x', ['__proto__']: 'kwaadaardig' },
  });
  expect(Object.getPrototypeOf(email.headers)).toBe(Object.prototype);
});
