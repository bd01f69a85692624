import { networkInterfaces } from 'node:os';
import { expect, test } from 'vitest';
import { isInternalAddress } from './internal-address';

test.each([
  '127.0.0.1',
  '127.255.0.9',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.10',
  '169.254.169.254',
  '100.64.0.1',
  '100.127.255.254',
  '0.0.0.0',
  '224.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '198.18.0.1',
  '198.19.255.255',
  '64:ff9b::a00:1',
  '64:ff9b::808:808',
  '2002:c0a8:101::1',
  '2002:808:808::1',
  '::7f00:1',
  '::127.0.0.1',
  '::8.8.8.8',
  'mail.example.nl',
])('%s is internal', (address) => expect(isInternalAddress(address)).toBe(true));

test.each([
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '172.15.255.255',
  '100.128.0.1',
  '192.169.0.1',
  '2001:4860:4860::8888',
  '2a00:1450:4001::1',
  '::ffff:8.8.8.8',
  'fec0::1',
  '198.17.255.255',
  '198.20.0.1',
  '64:ff9c::1',
  '2003::1',
])('%s is not', (address) => expect(isInternalAddress(address)).toBe(false));

test("every address of this machine's own interfaces is internal, whatever range it lies in", () => {
  const own = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => i.address);
  expect(own.length).toBeGreaterThan(0);
  for (const address of own) expect(isInternalAddress(address), address).toBe(true);
});
