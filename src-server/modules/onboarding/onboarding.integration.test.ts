import { afterEach, expect, test } from 'vitest';
import { PASSWORD_RESET_REQUESTED, tokenMessages } from '@/domain/onboarding';
import { createHarness } from '../../testing/harness';
import { startSmtp } from '../../testing/smtp';

const T = Date.parse('2026-11-25T09:00:00Z');
const NEW_PASSWORD = 'een nieuw lang wachtwoord';
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function world({ smtp = true, firmName, publicUrl }: { smtp?: boolean; firmName?: string; publicUrl?: string } = {}) {
  const mail = smtp ? await startSmtp() : null;
  if (mail) closing.push(mail.close);
  let now = T;
  const h = await createHarness({
    clock: () => new Date(now),
    notify: {
      ...(mail ? { smtpUrl: mail.url, smtpFrom: 'Energiebeheer <noreply@energiebeheer.test>' } : {}),
      ...(firmName ? { firmName } : {}),
      ...(publicUrl ? { publicUrl } : {}),
    },
  });
  closing.push(() => h.close());
  const org = await h.organization('Installatiebedrijf Noord');
  const location = await h.location(org, 'Bakkerij Jansen');
  await h.user('admin', 'admin@example.nl');
  await h.user('installer', 'installateur@example.nl', { organizationId: org });
  const admin = (await h.signIn('admin@example.nl')).accessToken;
  const installer = (await h.signIn('installateur@example.nl')).accessToken;
  const post = (path: string, json: unknown, token?: string) => h.request(path, { method: 'POST', json, token });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  return { h, mails: mail?.mails ?? [], org, location, admin, installer, post, tokenOf, advance: (seconds: number) => (now += seconds * 1000) };
}

test('an invited customer gets a Dutch mail with the one-time link, sets a password there, is signed in, and can log in with it', async () => {
  const w = await world();
  const res = await w.post(
    '/api/users/invite',
    { type: 'customer', email: 'Klant@Jansen.nl', fullName: 'Piet Jansen', locationIds: [w.location] },
    w.installer,
  );
  expect(res.status).toBe(201);
  const { id, inviteUrl } = (await res.json()) as { id: number; inviteUrl: string };
  expect(inviteUrl).toMatch(/^http:\/\/energiebeheer\.test\/app\/invitation\?token=[\w-]{43}$/);
  expect(w.mails).toHaveLength(1);
  const [mail] = w.mails;
  expect(mail!.to).toEqual(['klant@jansen.nl']);
  expect(mail!.mail.subject).toBe('Uitnodiging voor Energiebeheer');
  expect(mail!.mail.text).toContain('Hallo Piet Jansen,');
  expect(mail!.mail.text).toContain(inviteUrl);
  expect(mail!.mail.html).toContain(`href="${inviteUrl}"`);
  // Not usable before the invitee chose a password.
  expect((await w.post('/auth/login', { email: 'klant@jansen.nl', password: NEW_PASSWORD })).status).toBe(401);
  // Only a hash of the token is stored.
  const stored = await w.h.db.selectFrom('userToken').selectAll().executeTakeFirstOrThrow();
  expect(stored.tokenHash).not.toContain(w.tokenOf(inviteUrl));

  const accepted = await w.post('/auth/invitation/accept', { token: w.tokenOf(inviteUrl), password: NEW_PASSWORD });
  expect(accepted.status).toBe(200);
  const tokens = (await accepted.json()) as { accessToken: string };
  const me = await w.h.request('/auth/me', { token: tokens.accessToken });
  expect(await me.json()).toMatchObject({ id, type: 'customer', email: 'klant@jansen.nl', locationIds: [w.location] });
  expect((await w.post('/auth/login', { email: 'klant@jansen.nl', password: NEW_PASSWORD })).status).toBe(200);
});

test('with FIRM_NAME an invitation from the first admin ("Beheerder") names the firm, as sender too, and its Message-ID is on PUBLIC_URL’s host', async () => {
  const w = await world({ firmName: 'Koeltechniek Jansen, Zwolle' });
  const adminId = await w.h.user('admin', 'eerste@example.nl');
  await w.h.db.updateTable('user').set({ fullName: 'Beheerder' }).where('id', '=', adminId).execute();
  const first = (await w.h.signIn('eerste@example.nl')).accessToken;
  const res = await w.post('/api/users/invite', { type: 'installer', organizationId: w.org, email: 'jan@jansen.nl', fullName: 'Jan' }, first);
  expect(res.status).toBe(201);
  const mail = w.mails[0]!.mail;
  expect(mail.subject).toBe('Uitnodiging van Koeltechniek Jansen, Zwolle voor Energiebeheer');
  expect(mail.text).toContain('Koeltechniek Jansen, Zwolle heeft je uitgenodigd voor Energiebeheer als installateur');
  expect(mail.text).not.toContain('Beheerder');
  expect(mail.from?.value).toEqual([{ name: 'Koeltechniek Jansen, Zwolle', address: 'noreply@energiebeheer.test' }]);
  expect(mail.messageId).toMatch(/^<invitation-[0-9a-f]{24}@energiebeheer\.test>$/);
});

test('a console left at PUBLIC_URL localhost sends no Message-ID on @localhost: the sender’s domain stands in', async () => {
  const w = await world({ publicUrl: 'http://localhost:3000' });
  await w.post('/api/users/invite', { type: 'customer', email: 'klant@jansen.nl', locationIds: [w.location] }, w.installer);
  const mail = w.mails[0]!.mail;
  expect(mail.messageId).toMatch(/@energiebeheer\.test>$/);
  // Without FIRM_NAME the sender keeps SMTP_FROM's own name, and the invitation names no "Beheerder".
  expect(mail.from?.value).toEqual([{ name: 'Energiebeheer', address: 'noreply@energiebeheer.test' }]);
  expect(mail.text).toContain('Je beheerder heeft je uitgenodigd');
});

test('an invitation works once, and not after 72 hours; answers say so in Dutch', async () => {
  const w = await world({ smtp: false });
  const invite = async (email: string) => {
    const res = await w.post('/api/users/invite', { type: 'customer', email, locationIds: [w.location] }, w.admin);
    return w.tokenOf(((await res.json()) as { inviteUrl: string }).inviteUrl);
  };
  const once = await invite('een@example.nl');
  const late = await invite('twee@example.nl');
  expect((await w.post('/auth/invitation/accept', { token: once, password: NEW_PASSWORD })).status).toBe(200);
  const again = await w.post('/auth/invitation/accept', { token: once, password: 'iets heel anders nog' });
  expect(again.status).toBe(400);
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe(tokenMessages.invitation.used);
  expect((await w.post('/auth/login', { email: 'een@example.nl', password: NEW_PASSWORD })).status).toBe(200);

  w.advance(72 * 3600);
  const expired = await w.post('/auth/invitation/accept', { token: late, password: NEW_PASSWORD });
  expect(expired.status).toBe(400);
  expect(((await expired.json()) as { error: { message: string } }).error.message).toBe(tokenMessages.invitation.expired);
  const forged = await w.post('/auth/invitation/accept', { token: 'x'.repeat(43), password: NEW_PASSWORD });
  expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(tokenMessages.invitation.invalid);
  // A reset token is no invitation.
  expect((await w.post('/auth/password-reset/confirm', { token: late, password: NEW_PASSWORD })).status).toBe(400);
});

test('inviting follows the create-user rules: an installer invites no installer, a taken address is a 409, a short password is refused on accept', async () => {
  const w = await world({ smtp: false });
  const refused = await w.post('/api/users/invite', { type: 'installer', email: 'nieuw@example.nl', organizationId: w.org }, w.installer);
  expect(refused.status).toBe(403);
  const taken = await w.post('/api/users/invite', { type: 'admin', email: 'installateur@example.nl' }, w.admin);
  expect(taken.status).toBe(409);
  expect((await w.post('/api/users/invite', { type: 'admin', email: 'nieuw@example.nl', password: 'x' }, w.admin)).status).toBe(201);
  expect(w.mails).toEqual([]);
  const res = await w.post('/api/users/invite', { type: 'admin', email: 'ander@example.nl' }, w.admin);
  const token = w.tokenOf(((await res.json()) as { inviteUrl: string }).inviteUrl);
  const short = await w.post('/auth/invitation/accept', { token, password: 'kort' });
  expect(short.status).toBe(400);
  expect(((await short.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.password).toEqual([
    'Het wachtwoord moet minstens 12 tekens lang zijn.',
  ]);
  expect((await w.post('/auth/invitation/accept', { token, password: NEW_PASSWORD })).status).toBe(200);
});

test('a reset request answers the same 202 for an unknown address and sends nothing; a known one gets a 1-hour link', async () => {
  const w = await world();
  const unknown = await w.post('/auth/password-reset', { email: 'niemand@example.nl' });
  await w.h.onboarding.settled();
  expect(unknown.status).toBe(202);
  expect(await unknown.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
  expect(w.mails).toEqual([]);

  const known = await w.post('/auth/password-reset', { email: 'installateur@example.nl' });
  await w.h.onboarding.settled();
  expect(known.status).toBe(202);
  expect(await known.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
  expect(w.mails).toHaveLength(1);
  expect(w.mails[0]!.to).toEqual(['installateur@example.nl']);
  expect(w.mails[0]!.mail.subject).toBe('Wachtwoord opnieuw instellen');
  const link = w.mails[0]!.mail.text!.match(/http:\/\/energiebeheer\.test\/app\/password-reset\?token=[\w-]+/)![0];

  w.advance(3601);
  const expired = await w.post('/auth/password-reset/confirm', { token: w.tokenOf(link), password: NEW_PASSWORD });
  expect(expired.status).toBe(400);
  expect(((await expired.json()) as { error: { message: string } }).error.message).toBe(tokenMessages['password-reset'].expired);
});

test('a known address gets the very answer an unknown one gets, and its link is looked up, written and mailed only after that answer', async () => {
  const w = await world();
  const resetLinks = () => w.h.db.selectFrom('userToken').select('id').where('kind', '=', 'password-reset').execute();
  const unknown = await w.post('/auth/password-reset', { email: 'niemand@example.nl' });
  const known = await w.post('/auth/password-reset', { email: 'installateur@example.nl' });
  // The moment the answer is in: no link written and no mail sent yet, so nothing the request waited for differs.
  expect(await resetLinks()).toEqual([]);
  expect(w.mails).toEqual([]);
  expect(known.status).toBe(unknown.status);
  expect(await known.text()).toBe(await unknown.text());
  // Every header alike but the two that differ per answer anyway.
  const headers = (res: Response) => [...res.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id');
  expect(headers(known)).toEqual(headers(unknown));

  await w.h.onboarding.settled();
  expect(await resetLinks()).toHaveLength(1);
  expect(w.mails.map((m) => m.to)).toEqual([['installateur@example.nl']]);
});

test('a reset ends every sign-in of the user, works once, and the new password signs in', async () => {
  const w = await world();
  const other = await w.h.signIn('installateur@example.nl');
  await w.post('/auth/password-reset', { email: 'installateur@example.nl' });
  await w.h.onboarding.settled();
  const token = w.tokenOf(w.mails[0]!.mail.text!.match(/http\S+password-reset\?token=[\w-]+/)![0]);
  const confirmed = await w.post('/auth/password-reset/confirm', { token, password: NEW_PASSWORD });
  expect(confirmed.status).toBe(204);
  for (const access of [w.installer, other.accessToken]) expect((await w.h.request('/auth/me', { token: access })).status).toBe(401);
  expect((await w.post('/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
  const reused = await w.post('/auth/password-reset/confirm', { token, password: 'nog een ander wachtwoord' });
  expect(reused.status).toBe(400);
  expect(((await reused.json()) as { error: { message: string } }).error.message).toBe(tokenMessages['password-reset'].used);
  expect((await w.post('/auth/login', { email: 'installateur@example.nl', password: NEW_PASSWORD })).status).toBe(200);
  expect((await w.post('/auth/login', { email: 'installateur@example.nl', password: 'nog een ander wachtwoord' })).status).toBe(401);
});

test('a password changed while signed in spends every reset link of that user still open; links of others keep working', async () => {
  const w = await world();
  await w.post('/auth/password-reset', { email: 'installateur@example.nl' });
  await w.post('/auth/password-reset', { email: 'admin@example.nl' });
  await w.h.onboarding.settled();
  const linkTo = (to: string) => w.tokenOf(w.mails.find((m) => m.to[0] === to)!.mail.text!.match(/http\S+password-reset\?token=[\w-]+/)![0]);
  const me = (await (await w.h.request('/auth/me', { token: w.installer })).json()) as { id: number };
  const changed = await w.post(`/api/user/${me.id}/update-password`, { password: NEW_PASSWORD, currentPassword: 'correct horse battery' }, w.installer);
  expect(changed.status).toBe(204);
  const stale = await w.post('/auth/password-reset/confirm', { token: linkTo('installateur@example.nl'), password: 'een derde lang wachtwoord' });
  expect(stale.status).toBe(400);
  expect(((await stale.json()) as { error: { message: string } }).error.message).toBe(tokenMessages['password-reset'].used);
  expect((await w.post('/auth/login', { email: 'installateur@example.nl', password: NEW_PASSWORD })).status).toBe(200);
  expect((await w.post('/auth/password-reset/confirm', { token: linkTo('admin@example.nl'), password: 'een derde lang wachtwoord' })).status).toBe(204);
});

test('reset requests are rate-limited like sign-ins: the sixth for one address within 15 minutes is a 429, known or not', async () => {
  const w = await world({ smtp: false });
  for (const email of ['installateur@example.nl', 'niemand@example.nl']) {
    for (let i = 0; i < 5; i++) expect((await w.post('/auth/password-reset', { email })).status).toBe(202);
    const limited = await w.post('/auth/password-reset', { email });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  }
  // A reset request is no failed sign-in: logging in still works.
  expect((await w.h.request('/auth/login', { method: 'POST', json: { email: 'installateur@example.nl', password: 'correct horse battery' } })).status).toBe(
    200,
  );
  w.advance(15 * 60 + 1);
  expect((await w.post('/auth/password-reset', { email: 'installateur@example.nl' })).status).toBe(202);
});
