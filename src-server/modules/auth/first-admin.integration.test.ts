import { afterEach, expect, test } from 'vitest';
import { createHarness } from '../../testing/harness';
import { ensureFirstAdmin } from './first-admin';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function firstAdmin(password?: string) {
  const h = await createHarness();
  closing.push(() => h.close());
  const credentials = (await ensureFirstAdmin(h.db, h.clock, undefined, password))!;
  const res = await h.request('/auth/login', { method: 'POST', json: { email: credentials.email, password: credentials.password } });
  expect(res.status).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { h, credentials, caller: await h.caller(accessToken) };
}

test('the first admin with the password printed at the first start is asked to replace it until they chose their own', async () => {
  const { credentials, caller } = await firstAdmin();
  expect(credentials.generated).toBe(true);
  expect(await caller.user.oneTimePassword()).toBe(true);
  const me = (await caller.user.list({})).users.find((u) => u.email === credentials.email)!;
  await caller.user.updatePassword({ userId: me.id, currentPassword: credentials.password, password: 'mijn eigen lange wachtwoord' });
  expect(await caller.user.oneTimePassword()).toBe(false);
});

test('a first admin whose password came from ADMIN_PASSWORD is not asked: it was chosen, not printed', async () => {
  const { caller } = await firstAdmin('een-goed-wachtwoord-1');
  expect(await caller.user.oneTimePassword()).toBe(false);
});
