import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { expect, test } from 'vitest';
import { realWorldEmails } from '../../testing/fixtures';
import { messageIdOf, readMessage } from './mime';

test('headers are kept as readable text: decoded where mailparser decodes, else the raw value unfolded', async () => {
  const raw = Buffer.from(
    'From: =?UTF-8?Q?Jos=C3=A9?= <jose@example.nl>\r\nTo: a@example.nl,\r\n b@example.nl\r\nSubject: =?UTF-8?B?U3RvcmluZyDDqQ==?=\r\nX-Alarm-Code: E12\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p onclick="x()">Hoi</p><script>alert(1)</script>\r\n',
  );
  const read = await readMessage(raw);
  const headers = Object.fromEntries(read.headers);
  expect(headers.subject).toBe('Storing é');
  expect(headers['x-alarm-code']).toBe('E12');
  expect(headers.to).toBe('a@example.nl, b@example.nl');
  expect(headers.from).toBe('=?UTF-8?Q?Jos=C3=A9?= <jose@example.nl>');
  expect(read.from).toEqual([{ address: 'jose@example.nl', name: 'José' }]);
  expect(read.html?.trim()).toBe('<p>Hoi</p>');
});

const mixed = (htmlType: string, htmlHeaders = '') =>
  Buffer.from(
    [
      'From: monitor@example.nl',
      'Subject: Storing',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Zone 4 < 5 graden',
      '--b',
      `Content-Type: ${htmlType}`,
      ...(htmlHeaders ? [htmlHeaders] : []),
      '',
      '<p>Details</p>',
      '--b--',
      '',
    ].join('\r\n'),
  );

test('a text part beside an HTML part (not alternatives) stays in the stored HTML, also where only a file name says HTML', async () => {
  for (const raw of [
    mixed('text/html; charset=utf-8'),
    mixed('TEXT/HTML'),
    // No type: mailparser takes it from the file name, also when spelled in RFC 2231 %-escapes.
    mixed('', 'Content-Disposition: inline; filename="rapport.htm"').toString().replace('Content-Type: \r\n', ''),
    mixed('', "Content-Disposition: inline; filename*=utf-8''rapport%2E%68%74%6D").toString().replace('Content-Type: \r\n', ''),
  ]) {
    const read = await readMessage(Buffer.from(raw));
    expect(read.text).toBe('Zone 4 < 5 graden\n');
    expect(read.html).toContain('Zone 4 &lt; 5 graden');
    expect(read.html).toContain('<p>Details</p>');
  }
});

test('a plain text message: its text as written, no HTML', async () => {
  const read = await readMessage(Buffer.from('From: monitor@example.nl\r\nSubject: Storing\r\n\r\nZone 4 < 5 graden\r\nhttps://example.nl/storing\r\n'));
  expect(read.text).toBe('Zone 4 < 5 graden\nhttps://example.nl/storing\n');
  expect(read.html).toBeNull();
});

test('the Message-ID from the header block is the one mailparser reads: first non-empty, unfolded, in angle brackets, encoded words decoded', async () => {
  const cases = [
    'Message-ID: <a@example.nl>\r\n\r\nbody',
    'Subject: x\r\nMessage-Id:\r\n <folded@example.nl>\r\n\r\nbody',
    'message-id:   bare@example.nl  \n\nLF only',
    'Message-ID:\r\nMessage-ID: <second@example.nl>\r\n\r\n',
    'Message-ID: =?UTF-8?B?PGVuY29kZWRAZXhhbXBsZS5ubD4=?=\r\n\r\n',
    'Subject: no id\r\n\r\nMessage-ID: <in-the-body@example.nl>\r\n',
    'X-Message-ID: <not-this@example.nl>\r\n\r\n',
  ];
  const ids = [];
  for (const raw of cases) {
    const bytes = Buffer.from(raw);
    const id = await messageIdOf(bytes);
    expect(id, raw).toBe((await simpleParser(bytes)).messageId?.trim() || null);
    ids.push(id);
  }
  expect(ids).toEqual(['<a@example.nl>', '<folded@example.nl>', '<bare@example.nl>', '<second@example.nl>', '<encoded@example.nl>', null, null]);
});

test('the Message-ID from the header block agrees with mailparser on every real-world e-mail here', async () => {
  const files = realWorldEmails();
  expect(files.length).toBeGreaterThan(20);
  for (const file of files) {
    const raw = readFileSync(file);
    expect(await messageIdOf(raw), file).toBe((await simpleParser(raw)).messageId?.trim() || null);
  }
  // About 150 messages through mailparser: seconds on a busy machine, beyond the unit tests' 5 s default.
}, 30_000);

test('the sent time is the Date header’s, folded or not; without one, or one that cannot be read, there is none (not the moment of reading)', async () => {
  const withDate = (date: string | null) =>
    readMessage(Buffer.from(`From: monitor@example.nl\r\n${date === null ? '' : `Date: ${date}\r\n`}Subject: Storing\r\n\r\nKoelcel te warm\r\n`));
  expect((await withDate('Sat, 28 Nov 2026 01:22:44 +0100')).sentAt).toBe(Date.UTC(2026, 10, 28, 0, 22, 44) / 1000);
  expect((await withDate('Sat, 28 Nov 2026\r\n 01:22:44 +0100')).sentAt).toBe(Date.UTC(2026, 10, 28, 0, 22, 44) / 1000);
  expect((await withDate('gisteren rond middernacht')).sentAt).toBeNull();
  expect((await withDate(null)).sentAt).toBeNull();
});
