import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createHarness, TEST_PASSWORD } from '../../testing/harness';

async function sessionCount(h: Awaited<ReturnType<typeof createHarness>>) {
  const rows = await h.db.selectFrom('session').select('id').execute();
  return rows.length;
}

describe('POST /auth/login', () => {
  test('valid credentials give an access and a refresh token that /auth/me accepts', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const res = await h.request('/auth/login', { method: 'POST', json: { email: ' Anna@Example.nl ', password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const tokens = await res.json();
    expect(tokens.accessToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(tokens.refreshToken).toMatch(/^[\w-]+\.[\w-]+$/);

    const me = await h.request('/auth/me', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    const user = await me.json();
    expect(user).toEqual({ id: expect.any(Number), type: 'admin', email: 'anna@example.nl', fullName: 'anna' });
  });

  test('tokens are stored only as hashes', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const { accessToken } = await h.signIn('anna@example.nl');
    const [id, secret] = accessToken.split('.');
    const row = await h.db.selectFrom('session').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(createHash('sha256').update(secret!).digest('hex'));
    // no column of any session row holds the secret itself (or the whole token)
    const stored = JSON.stringify(await h.db.selectFrom('session').selectAll().execute());
    expect(stored).not.toContain(secret);
    expect(stored).toContain(row.secretHash);
  });

  test('an unknown e-mail answers 404 and a wrong password 401, with Dutch messages', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const unknown = await h.request('/auth/login', { method: 'POST', json: { email: 'bert@example.nl', password: TEST_PASSWORD } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatchObject({ code: 'NOT_FOUND', message: 'Er bestaat geen gebruiker met dit e-mailadres.' });

    const wrong = await h.request('/auth/login', { method: 'POST', json: { email: 'anna@example.nl', password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Het wachtwoord is onjuist.' });
    expect(await sessionCount(h)).toBe(0);
  });

  test.each([
    ['malformed JSON', { body: '{"email": ', headers: { 'content-type': 'application/json' } }, undefined],
    ['missing fields', { json: {} }, ['email', 'password']],
    ['wrong types', { json: { email: 42, password: ['x'] } }, ['email', 'password']],
    ['an invalid e-mail', { json: { email: 'geen-adres', password: 'x' } }, ['email']],
  ])('%s gives 400 with field errors and writes nothing', async (_name, init, fields) => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const res = await h.request('/auth/login', { method: 'POST', ...init });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('BAD_REQUEST');
    if (fields) expect(Object.keys(error.fieldErrors).sort()).toEqual(fields);
    expect(await sessionCount(h)).toBe(0);
  });

  test('a body over 1 MB is refused with 413', async () => {
    const h = await createHarness();
    const res = await h.request('/auth/login', {
      method: 'POST',
      json: { email: 'anna@example.nl', password: 'x'.repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('after five failures for one e-mail the next attempt gets 429 with Retry-After, even with the right password', async () => {
    let clock = 1_000_000;
    const h = await createHarness({ clock: () => new Date(clock * 1000) });
    await h.user('admin', 'anna@example.nl');
    for (let i = 0; i < 5; i++) {
      const res = await h.request('/auth/login', { method: 'POST', json: { email: 'anna@example.nl', password: 'wrong password' } });
      expect(res.status).toBe(401);
    }
    const blocked = await h.request('/auth/login', { method: 'POST', json: { email: 'anna@example.nl', password: TEST_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).error.message).toMatch(/^Te veel mislukte inlogpogingen/);

    clock += 15 * 60 + 1;
    const later = await h.request('/auth/login', { method: 'POST', json: { email: 'anna@example.nl', password: TEST_PASSWORD } });
    expect(later.status).toBe(200);
  });

  test('20 wrong passwords and the right one sent at once are limited like 21 sent one after another', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const attempt = (password: string) => h.request('/auth/login', { method: 'POST', json: { email: 'anna@example.nl', password } });
    const answers = await Promise.all([...Array.from({ length: 20 }, () => attempt('wrong password')), attempt(TEST_PASSWORD)]);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
    expect(statuses.at(-1)).toBe(429);
    expect(await sessionCount(h)).toBe(0);
  });

  test('parallel attempts across e-mails from one IP stop at the IP limit', async () => {
    const h = await createHarness({ auth: { maxFailuresPerIp: 4 } });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => h.request('/auth/login', { method: 'POST', json: { email: `x${i}@example.nl`, password: 'x' } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(4).fill(404), ...Array(8).fill(429)]);
  });

  test('failures from one IP across many e-mails are limited too', async () => {
    const h = await createHarness({ auth: { maxFailuresPerIp: 3 } });
    for (let i = 0; i < 3; i++) await expect(h.signIn(`x${i}@example.nl`)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.signIn('y@example.nl')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('sessions', () => {
  test('/auth/me without, with a forged, or with a malformed token answers 401', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const { accessToken } = await h.signIn('anna@example.nl');
    const [id] = accessToken.split('.');
    for (const token of [undefined, `${id}.forgedsecret`, 'garbage', `${accessToken}x`]) {
      const res = await h.request('/auth/me', { token });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('UNAUTHORIZED');
    }
  });

  test('an access token expires after an hour unused, and slides while used', async () => {
    let clock = 1_000_000;
    const h = await createHarness({ clock: () => new Date(clock * 1000) });
    await h.user('admin', 'anna@example.nl');
    const a = await h.signIn('anna@example.nl');
    const b = await h.signIn('anna@example.nl');

    clock += 40 * 60; // past half its life: using it extends it by a full hour
    expect((await h.request('/auth/me', { token: a.accessToken })).status).toBe(200);
    clock += 40 * 60; // 80 minutes after sign-in
    expect((await h.request('/auth/me', { token: a.accessToken })).status).toBe(200);
    expect((await h.request('/auth/me', { token: b.accessToken })).status).toBe(401);
  });

  test('refresh rotates both tokens; the old access token stops working', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const first = await h.signIn('anna@example.nl');
    const res = await h.request('/auth/refresh', { method: 'POST', json: { refreshToken: first.refreshToken } });
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await h.request('/auth/me', { token: second.accessToken })).status).toBe(200);
    expect((await h.request('/auth/me', { token: first.accessToken })).status).toBe(401);
  });

  test('reusing a spent refresh token after the grace window revokes the whole sign-in', async () => {
    let clock = 1_000_000;
    const h = await createHarness({ clock: () => new Date(clock * 1000) });
    await h.user('admin', 'anna@example.nl');
    const other = await h.signIn('anna@example.nl');
    const first = await h.signIn('anna@example.nl');
    const second = await h.auth.refresh(first.refreshToken);
    clock += 11;

    const reuse = await h.request('/auth/refresh', { method: 'POST', json: { refreshToken: first.refreshToken } });
    expect(reuse.status).toBe(401);
    expect((await h.request('/auth/me', { token: second.accessToken })).status).toBe(401);
    await expect(h.auth.refresh(second.refreshToken)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // another sign-in of the same user is untouched
    expect((await h.request('/auth/me', { token: other.accessToken })).status).toBe(200);
  });

  test('two tabs refreshing the same token at once both get the same new pair, and the sign-in lives on', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const first = await h.signIn('anna@example.nl');
    const refresh = () => h.request('/auth/refresh', { method: 'POST', json: { refreshToken: first.refreshToken } });
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [pairA, pairB] = [await a.json(), await b.json()];
    expect(pairB).toEqual(pairA);
    expect((await h.request('/auth/me', { token: pairA.accessToken })).status).toBe(200);
    expect((await h.request('/auth/refresh', { method: 'POST', json: { refreshToken: pairA.refreshToken } })).status).toBe(200);
  });

  test('within 10 s the previous refresh token answers the same pair; after that its reuse ends the sign-in', async () => {
    let clock = 1_000_000;
    const h = await createHarness({ clock: () => new Date(clock * 1000) });
    await h.user('admin', 'anna@example.nl');
    const first = await h.signIn('anna@example.nl');
    const second = await h.auth.refresh(first.refreshToken);
    clock += 10;
    expect(await h.auth.refresh(first.refreshToken)).toEqual(second);
    expect((await h.request('/auth/me', { token: second.accessToken })).status).toBe(200);

    clock += 1;
    const late = await h.request('/auth/refresh', { method: 'POST', json: { refreshToken: first.refreshToken } });
    expect(late.status).toBe(401);
    expect((await h.request('/auth/me', { token: second.accessToken })).status).toBe(401);
    await expect(h.auth.refresh(second.refreshToken)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('a refresh token expires after 30 days', async () => {
    let clock = 1_000_000;
    const h = await createHarness({ clock: () => new Date(clock * 1000) });
    await h.user('admin', 'anna@example.nl');
    const { refreshToken } = await h.signIn('anna@example.nl');
    clock += 30 * 24 * 3600 + 1;
    const res = await h.request('/auth/refresh', { method: 'POST', json: { refreshToken } });
    expect(res.status).toBe(401);
  });

  test('logout ends the sign-in: access and refresh token both stop working', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const tokens = await h.signIn('anna@example.nl');
    const res = await h.request('/auth/logout', { method: 'POST', token: tokens.accessToken });
    expect(res.status).toBe(204);
    expect((await h.request('/auth/me', { token: tokens.accessToken })).status).toBe(401);
    await expect(h.auth.refresh(tokens.refreshToken)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('revoking other sessions keeps only the current sign-in', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const current = await h.signIn('anna@example.nl');
    const other = await h.signIn('anna@example.nl');
    const session = await h.auth.authenticate(current.accessToken);
    await h.auth.revokeOtherSessions(session!.user.id, session!.familyId);
    expect((await h.request('/auth/me', { token: current.accessToken })).status).toBe(200);
    expect((await h.request('/auth/me', { token: other.accessToken })).status).toBe(401);
  });

  test('REST /auth/me (answered beside the REST adapter) keeps the adapter’s 401, headers and 405', async () => {
    const h = await createHarness();
    await h.user('admin', 'anna@example.nl');
    const { accessToken } = await h.signIn('anna@example.nl');
    const me = await h.request('/auth/me', { token: accessToken });
    const other = await h.request('/api/users/list', { token: accessToken });
    for (const name of ['content-security-policy', 'x-content-type-options', 'cache-control', 'content-type']) {
      expect(me.headers.get(name)).toBe(other.headers.get(name));
    }
    const [anonymousMe, anonymousOther] = await Promise.all([h.request('/auth/me'), h.request('/api/users/list')]);
    expect(anonymousMe.status).toBe(401);
    // The same answer but for each request's own id.
    const { requestId: _me, ...meBody } = await anonymousMe.json();
    const { requestId: _other, ...otherBody } = await anonymousOther.json();
    expect(meBody).toEqual(otherBody);
    const post = await h.request('/auth/me', { method: 'POST', token: accessToken, json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  test('the tRPC auth.me gives the same user as REST and UNAUTHORIZED without a token', async () => {
    const h = await createHarness();
    const orgId = await h.organization();
    const locationId = await h.location(orgId);
    await h.user('customer', 'klant@example.nl', { locationIds: [locationId] });
    const { accessToken } = await h.signIn('klant@example.nl');
    const viaTrpc = await (await h.caller(accessToken)).auth.me();
    const viaRest = await (await h.request('/auth/me', { token: accessToken })).json();
    expect(viaTrpc).toEqual(viaRest);
    expect(viaTrpc).toMatchObject({ type: 'customer', locationIds: [locationId] });
    await expect((await h.caller()).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
