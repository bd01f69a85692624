import { expect, test } from 'vitest';
import { isPrivateAddress } from './safe-target';

test('loopback, private, link-local, CGNAT and IPv4-mapped private addresses count as private; public ones do not', () => {
  for (const a of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ]) {
    expect([a, isPrivateAddress(a)]).toEqual([a, true]);
  }
  for (const a of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2a00:1450:4001::1', '::ffff:8.8.8.8']) {
    expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  }
});
