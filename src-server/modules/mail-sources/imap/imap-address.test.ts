import { describe, expect, test } from 'vitest';
import { INTERNAL_HOST_MESSAGE, imapTarget, ipLiteral } from './imap-address';
import { connectImap } from './imap-fetch';

describe('IMAP hosts', () => {
  test('IP literals are read as the form allows them, names are not', () => {
    expect(ipLiteral('[::1]')).toBe('::1');
    expect(ipLiteral('10.0.0.1')).toBe('10.0.0.1');
    expect(ipLiteral('mail.example.nl')).toBeNull();
  });

  test('a literal needs no DNS: refused when internal, else connected as is with no TLS server name', async () => {
    await expect(imapTarget('10.0.0.1', false)).rejects.toThrow(INTERNAL_HOST_MESSAGE);
    await expect(imapTarget('[::ffff:192.168.0.1]', false)).rejects.toThrow(INTERNAL_HOST_MESSAGE);
    expect(await imapTarget('[::1]', true)).toEqual({ address: '::1', servername: false });
    expect(await imapTarget('203.0.113.7', false)).toEqual({ address: '203.0.113.7', servername: false });
  });
});

test('the client connects to the checked address and keeps the host name for TLS (SNI and the certificate check)', () => {
  const settings = { host: 'mail.example.nl', port: 993, secure: true, username: 'u', password: 'p', inputFolder: 'INBOX' };
  const client = connectImap(settings, { target: { address: '203.0.113.7', servername: 'mail.example.nl' } });
  expect([client.host, client.servername]).toEqual(['203.0.113.7', 'mail.example.nl']);
  const literal = connectImap({ ...settings, host: '203.0.113.7' }, { target: { address: '203.0.113.7', servername: false } });
  expect([literal.host, literal.servername]).toEqual(['203.0.113.7', false]);
});
