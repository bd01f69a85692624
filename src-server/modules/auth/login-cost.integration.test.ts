/** An unknown e-mail costs one argon2 verify like a wrong password, so neither is cheaper to try. */
import { expect, test, vi } from 'vitest';
import { createHarness } from '../../testing/harness';
import * as argon2 from '@node-rs/argon2';

vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

test('a sign-in with an unknown e-mail runs one argon2 verify, like one with a wrong password', async () => {
  const h = await createHarness();
  await h.user('admin', 'anna@example.nl');
  const verify = vi.mocked(argon2.verify);
  verify.mockClear();
  await expect(h.signIn('anna@example.nl', 'wrong password')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  expect(verify).toHaveBeenCalledTimes(1);
  verify.mockClear();
  await expect(h.signIn('bert@example.nl', 'wrong password')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  expect(verify).toHaveBeenCalledTimes(1);
  expect(verify.mock.calls[0]![1]).toBe('wrong password');
});
