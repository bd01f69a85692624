import { expect, test } from 'vitest';
import { readMessage } from './mime';

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
