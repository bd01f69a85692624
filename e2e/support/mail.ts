/**
 * Mail for the e-mail journeys: raw messages (one with a hostile HTML body, one with a hostile
 * subject and sender), delivered into the private Dovecot by IMAP APPEND, and screenshots kept
 * for a person to look at when `E2E_SHOTS_DIR` is set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { connectImap } from '../../src-server/modules/mail-sources/imap/imap-fetch';
import type { TestDovecot } from '../../src-server/testing/dovecot';

/** A header value as RFC 2047 encoded words, folded, so any text (RTL marks, tags) travels intact. */
function encodedWords(text: string) {
  const chars = [...text];
  const words: string[] = [];
  for (let i = 0; i < chars.length; i += 20) words.push(`=?UTF-8?B?${Buffer.from(chars.slice(i, i + 20).join('')).toString('base64')}?=`);
  return words.join('\r\n ');
}

const message = (headers: Record<string, string>, body: string) =>
  `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body}`;

/** Script, an event handler and a remote image in the HTML: none may run or load. */
export function htmlMail(subject: string) {
  const boundary = 'grens-42';
  return message(
    {
      From: 'Gebouwbeheer <gbs@example.nl>',
      To: 'Alarmen <alarm@example.nl>',
      Subject: subject,
      Date: 'Tue, 03 Mar 2026 09:15:00 +0100',
      'Message-ID': '<html-alarm-1@gbs.example.nl>',
      'MIME-Version': '1.0',
      'Content-Type': `multipart/alternative; boundary="${boundary}"`,
    },
    [
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Pomp 3 in storing (tekstversie).',
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p style="color:#b91c1c">Pomp 3 in storing</p>',
      '<script>window.__pwned = "script"; try { top.__pwned = "script" } catch (e) {}</script>',
      '<img src="x" onerror="window.__pwned = \'onerror\'; try { top.__pwned = \'onerror\' } catch (e) {}">',
      '<img src="https://tracker.example.com/pixel.gif" alt="">',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

/** A subject and sender name written to break a page that renders them as markup. */
export function hostileMail(subject: string, fromName: string) {
  return message(
    {
      From: `${encodedWords(fromName)} <evil@example.nl>`,
      To: 'alarm@example.nl',
      Subject: encodedWords(subject),
      Date: 'Tue, 03 Mar 2026 09:20:00 +0100',
      'Message-ID': '<hostile-1@example.nl>',
      'MIME-Version': '1.0',
      'Content-Type': 'text/plain; charset=utf-8',
    },
    'Niets bijzonders in de tekst.\r\n',
  );
}

/** Delivers raw messages into the Dovecot user's INBOX by IMAP APPEND, in order. */
export async function deliver(dovecot: TestDovecot, user: string, raws: string[]) {
  const client = connectImap({ host: dovecot.host, port: dovecot.port, secure: false, username: user, password: dovecot.users[user]!, inputFolder: 'INBOX' });
  await client.connect();
  try {
    for (const raw of raws) await client.append('INBOX', raw);
  } finally {
    await client.logout();
  }
}

/** A full-page screenshot into `E2E_SHOTS_DIR`, when set. */
export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A screenshot of one element (a dialog, a card) into `E2E_SHOTS_DIR`, when set. */
export async function elementShot(locator: Locator, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await locator.screenshot({ path: path.join(dir, `${name}.png`) });
}
