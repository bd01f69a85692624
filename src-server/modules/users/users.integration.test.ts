import { describe, expect, test } from 'vitest';
import { TEST_PASSWORD } from '../../testing/harness';
import { createWorld } from '../../testing/world';

const password = 'een-lang-wachtwoord';

describe('users over REST', () => {
  test('POST /api/users/create makes each type; the answer never holds a hash', async () => {
    const { h, tokens, orgA, a1, a2 } = await createWorld();
    const create = (json: object) => h.request('/api/users/create', { method: 'POST', token: tokens.admin, json });
    const admin = await create({ type: 'admin', email: 'Nieuw@Example.nl', fullName: 'Nieuwe Beheerder', password });
    expect(admin.status).toBe(201);
    expect(await admin.json()).toEqual({ id: expect.any(Number), type: 'admin', email: 'nieuw@example.nl', fullName: 'Nieuwe Beheerder' });
    const installer = await (await create({ type: 'installer', email: 'i@example.nl', password, organizationId: orgA })).json();
    expect(installer).toMatchObject({ type: 'installer', organizationId: orgA, fullName: null });
    const customer = await (await create({ type: 'customer', email: 'k@example.nl', password, locationIds: [a2, a1, a2] })).json();
    expect(customer).toMatchObject({ type: 'customer', locationIds: [a1, a2] });
    const login = await h.request('/auth/login', { method: 'POST', json: { email: 'k@example.nl', password } });
    expect(login.status).toBe(200);
    const listed = JSON.stringify(await (await h.request('/api/users/list', { token: tokens.admin })).json());
    expect(listed).not.toMatch(/passwordHash|argon2/);
  });

  test('bad bodies give Dutch field errors: type, e-mail, password policy, locations', async () => {
    const { h, tokens } = await createWorld();
    const create = async (json: object) => {
      const res = await h.request('/api/users/create', { method: 'POST', token: tokens.admin, json });
      expect(res.status).toBe(400);
      return (await res.json()).error.fieldErrors;
    };
    expect(await create({ type: 'superuser', email: 'a@example.nl', password })).toEqual({ type: ['Het type moet admin, installer of customer zijn.'] });
    expect(await create({ type: 'admin', email: 'geen-adres', password: 'kort' })).toEqual({
      email: ['Dit is geen geldig e-mailadres.'],
      password: ['Het wachtwoord moet minstens 12 tekens lang zijn.'],
    });
    expect(await create({ type: 'customer', email: 'c@example.nl', password, locationIds: [] })).toEqual({ locationIds: ['Kies minstens één locatie.'] });
    expect(await create({ type: 'customer', email: 'c@example.nl', password, locationIds: [9999] })).toEqual({ locationIds: ['Locatie 9999 bestaat niet.'] });
    expect(await create({ type: 'admin', email: 'x'.repeat(250) + '@example.nl', password })).toEqual({ email: ['Het e-mailadres is te lang.'] });
  });

  test('a taken e-mail is a 409 on the e-mail field', async () => {
    const { h, tokens } = await createWorld();
    const res = await h.request('/api/users/create', { method: 'POST', token: tokens.admin, json: { type: 'admin', email: 'INST-A@example.nl', password } });
    expect(res.status).toBe(409);
    expect((await res.json()).error.fieldErrors).toEqual({ email: ['Dit e-mailadres is al in gebruik.'] });
  });

  test('the same e-mail created in parallel gives one 201 and 409s, never a 500', async () => {
    const { h, tokens } = await createWorld();
    const json = { type: 'admin', email: 'tegelijk@example.nl', password };
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.request('/api/users/create', { method: 'POST', token: tokens.admin, json })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect((await res.json()).error.fieldErrors).toEqual({ email: ['Dit e-mailadres is al in gebruik.'] });
    }
    const viaTrpc = await Promise.allSettled(
      [1, 2, 3].map(async () => (await h.caller(tokens.admin)).user.create({ ...json, email: 'trpc@example.nl' } as never)),
    );
    expect(viaTrpc.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code)).sort()).toEqual(['CONFLICT', 'CONFLICT', 'ok']);
  });

  test('the list searches e-mail and name and pages', async () => {
    const { h, tokens } = await createWorld();
    const list = async (qs: string) => (await h.request(`/api/users/list?${qs}`, { token: tokens.admin })).json();
    expect((await list('')).users).toHaveLength(5);
    expect((await list('pageSize=2')).totalNumberOfPages).toBe(3);
    expect((await list('query=KLANT')).users.map((u: { email: string }) => u.email)).toEqual(['klant-a@example.nl', 'klant-b@example.nl']);
  });

  test('update-password sets a new password and ends the user’s sessions', async () => {
    const { h, tokens, ids } = await createWorld();
    const res = await h.request(`/api/user/${ids.customerA}/update-password`, {
      method: 'POST',
      token: tokens.admin,
      json: { password: 'nog-een-wachtwoord' },
    });
    expect(res.status).toBe(204);
    expect((await h.request('/auth/me', { token: tokens.customerA })).status).toBe(401);
    await expect(h.signIn('klant-a@example.nl', TEST_PASSWORD)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(h.signIn('klant-a@example.nl', 'nog-een-wachtwoord')).resolves.toHaveProperty('accessToken');
    const weak = await h.request(`/api/user/${ids.customerA}/update-password`, { method: 'POST', token: tokens.admin, json: { password: 'kort' } });
    expect(weak.status).toBe(400);
  });

  test('changing your own password needs the current one, keeps your current session and ends the others', async () => {
    const { h, tokens, ids } = await createWorld();
    const other = await h.signIn('admin@example.nl');
    const change = (json: object) => h.request(`/api/user/${ids.admin}/update-password`, { method: 'POST', token: tokens.admin, json });
    const without = await change({ password: 'nog-een-wachtwoord' });
    expect(without.status).toBe(400);
    expect((await without.json()).error.fieldErrors).toEqual({ currentPassword: ['Vul je huidige wachtwoord in.'] });
    const wrong = await change({ password: 'nog-een-wachtwoord', currentPassword: 'niet het wachtwoord' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fieldErrors).toEqual({ currentPassword: ['Het huidige wachtwoord is onjuist.'] });
    expect((await h.request('/auth/me', { token: other.accessToken })).status).toBe(200);

    expect((await change({ password: 'nog-een-wachtwoord', currentPassword: TEST_PASSWORD })).status).toBe(204);
    expect((await h.request('/auth/me', { token: tokens.admin })).status).toBe(200);
    expect((await h.request('/auth/me', { token: other.accessToken })).status).toBe(401);
    await expect(h.signIn('admin@example.nl', 'nog-een-wachtwoord')).resolves.toHaveProperty('accessToken');
  });

  test('guessing the current password with a stolen token is limited like signing in', async () => {
    const { h, tokens, ids } = await createWorld();
    const guess = (currentPassword: string) =>
      h.request(`/api/user/${ids.installerA}/update-password`, {
        method: 'POST',
        token: tokens.installerA,
        json: { password: 'overgenomen-wachtwoord', currentPassword },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => guess(`gok ${i}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    expect((await guess(TEST_PASSWORD)).status).toBe(429);
    await expect(h.signIn('inst-a@example.nl', 'overgenomen-wachtwoord')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  test('PATCH edits name, e-mail and type fields', async () => {
    const { h, tokens, ids, orgB, a1, a2 } = await createWorld();
    const customer = await (
      await h.request(`/api/user/${ids.customerA}`, {
        method: 'PATCH',
        token: tokens.admin,
        json: { email: 'nieuw@example.nl', fullName: 'Klant A', locationIds: [a1, a2] },
      })
    ).json();
    expect(customer).toMatchObject({ email: 'nieuw@example.nl', fullName: 'Klant A', locationIds: [a1, a2] });
    const installer = await (
      await h.request(`/api/user/${ids.installerA}`, {
        method: 'PATCH',
        token: tokens.admin,
        json: { email: 'inst-a@example.nl', fullName: null, organizationId: orgB },
      })
    ).json();
    expect(installer).toMatchObject({ organizationId: orgB });
  });

  test('deleting yourself is refused; deleting another user works and 404s afterwards', async () => {
    const { h, tokens, ids } = await createWorld();
    const self = await h.request(`/api/user/${ids.admin}`, { method: 'DELETE', token: tokens.admin });
    expect(self.status).toBe(409);
    expect((await self.json()).error.message).toBe('Je kunt jezelf niet verwijderen.');
    expect((await h.request(`/api/user/${ids.customerB}`, { method: 'DELETE', token: tokens.admin })).status).toBe(204);
    expect((await h.request(`/api/user/${ids.customerB}`, { token: tokens.admin })).status).toBe(404);
    expect((await h.request(`/api/user/${ids.customerB}`, { method: 'DELETE', token: tokens.admin })).status).toBe(404);
  });
});

describe('a customer linked to two organizations (no takeover across organizations)', () => {
  async function sharedCustomer() {
    const w = await createWorld();
    const shared = await w.h.user('customer', 'gedeeld@example.nl', { locationIds: [w.a1, w.b1] });
    const own = await w.h.user('customer', 'eigen@example.nl', { locationIds: [w.a2] });
    return { ...w, shared, own };
  }

  test('neither organization’s installer may change its e-mail, links or password, nor delete it (409), nothing changes', async () => {
    const w = await sharedCustomer();
    for (const token of [w.tokens.installerA, w.tokens.installerB]) {
      const patch = await w.h.request(`/api/user/${w.shared}`, {
        method: 'PATCH',
        token,
        json: { email: 'overname@example.nl', fullName: 'X', locationIds: [w.a2] },
      });
      expect(patch.status).toBe(409);
      expect((await patch.json()).error.message).toContain('alleen een beheerder');
      const pw = await w.h.request(`/api/user/${w.shared}/update-password`, { method: 'POST', token, json: { password: 'overgenomen-wachtwoord' } });
      expect(pw.status).toBe(409);
      expect((await w.h.request(`/api/user/${w.shared}`, { method: 'DELETE', token })).status).toBe(409);
    }
    // the customer still signs in with its own password and keeps both links
    await expect(w.h.signIn('gedeeld@example.nl')).resolves.toHaveProperty('accessToken');
    await expect(w.h.signIn('gedeeld@example.nl', 'overgenomen-wachtwoord')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const seen = await (await w.h.request(`/api/user/${w.shared}`, { token: w.tokens.admin })).json();
    expect(seen).toMatchObject({ email: 'gedeeld@example.nl', locationIds: [w.a1, w.b1] });
  });

  test('an installer manages a customer wholly in its organization; an admin manages the shared one', async () => {
    const w = await sharedCustomer();
    const patch = await w.h.request(`/api/user/${w.own}`, {
      method: 'PATCH',
      token: w.tokens.installerA,
      json: { email: 'eigen@example.nl', fullName: 'Eigen', locationIds: [w.a1, w.a2] },
    });
    expect(patch.status).toBe(200);
    expect((await patch.json()).locationIds).toEqual([w.a1, w.a2]);
    const admin = await w.h.request(`/api/user/${w.shared}`, {
      method: 'PATCH',
      token: w.tokens.admin,
      json: { email: 'gedeeld@example.nl', fullName: 'G', locationIds: [w.b1] },
    });
    expect((await admin.json()).locationIds).toEqual([w.b1]);
    expect((await w.h.request(`/api/user/${w.own}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
  });
});
