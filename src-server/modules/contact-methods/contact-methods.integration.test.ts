import { expect, test } from 'vitest';
import { createEscalationWorld } from '../../testing/escalation-world';

const mine = '/api/v1/users/me/contact-methods';

test('the account’s own address is the first contact method, and an escalation reaches the account’s address as it is now', async () => {
  const w = await createEscalationWorld();
  const list = await w.h.request(mine, { token: w.tokens.installerA });
  expect(list.status).toBe(200);
  expect(await list.json()).toEqual([
    { id: expect.any(Number), type: 'EMAIL', address: 'inst-a@example.nl', isDefault: true, createdAt: '2026-11-28T01:22:00.000Z' },
  ]);
  await w.h.db.updateTable('user').set({ email: 'nieuw-a@example.nl' }).where('id', '=', w.ids.installerA).execute();
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  await w.raise();
  await w.settle();
  expect(w.smtp.mails.map((m) => m.to)).toEqual([['nieuw-a@example.nl']]);
});

test('REST: adding an address answers 201 and lists it after the own address; DELETE answers 204', async () => {
  const w = await createEscalationWorld();
  const token = w.tokens.installerA;
  const res = await w.h.request(mine, { method: 'POST', token, json: { type: 'EMAIL', address: ' Piket@Example.nl ' } });
  expect(res.status).toBe(201);
  const method = (await res.json()) as { id: number };
  expect(method).toEqual({ id: expect.any(Number), type: 'EMAIL', address: 'piket@example.nl', isDefault: false, createdAt: '2026-11-28T01:22:00.000Z' });
  expect(((await (await w.h.request(mine, { token })).json()) as { address: string }[]).map((m) => m.address)).toEqual([
    'inst-a@example.nl',
    'piket@example.nl',
  ]);
  expect((await w.h.request(`/api/v1/contact-methods/${method.id}`, { method: 'DELETE', token })).status).toBe(204);
  expect(await (await w.h.request(mine, { token })).json()).toHaveLength(1);
});

test('other types, bad and duplicate addresses are refused in Dutch; the own address cannot be deleted; another user’s method is a 404', async () => {
  const w = await createEscalationWorld();
  const token = w.tokens.installerA;
  const post = async (json: unknown) => {
    const res = await w.h.request(mine, { method: 'POST', token, json });
    return { status: res.status, body: (await res.json()) as { error: { message: string; fieldErrors?: Record<string, string[]> } } };
  };
  expect((await post({ type: 'SMS', number: '0612345678' })).body.error.fieldErrors).toEqual({
    type: ['Onbekend type contactmethode; kies EMAIL, WEB_PUSH, NTFY of TELEGRAM.'],
  });
  expect((await post({ type: 'EMAIL', address: 'geen-adres' })).body.error.fieldErrors).toEqual({ address: ['Geef een geldig e-mailadres op.'] });
  expect(await post({ type: 'EMAIL', address: 'inst-a@example.nl' })).toMatchObject({
    status: 409,
    body: { error: { message: 'Dit adres staat al bij je contactmethoden.' } },
  });
  const [own] = await w.callers.installerA.contactMethod.list();
  const del = await w.h.request(`/api/v1/contact-methods/${own!.id}`, { method: 'DELETE', token });
  expect(del.status).toBe(409);
  expect(await del.json()).toMatchObject({ error: { message: 'Het e-mailadres van je account blijft altijd een contactmethode.' } });
  const theirs = await w.callers.admin.contactMethod.create({ type: 'EMAIL', address: 'beheer-piket@example.nl' });
  expect((await w.h.request(`/api/v1/contact-methods/${theirs.id}`, { method: 'DELETE', token })).status).toBe(404);
  expect((await w.h.request(`/api/v1/contact-methods/${theirs.id}/test`, { method: 'POST', token })).status).toBe(404);
});

test('a test sends a Dutch test mail to that method and says so; a few tests an hour at most', async () => {
  const w = await createEscalationWorld();
  const method = await w.callers.installerA.contactMethod.create({ type: 'EMAIL', address: 'piket@example.nl' });
  const res = await w.h.request(`/api/v1/contact-methods/${method.id}/test`, { method: 'POST', token: w.tokens.installerA });
  expect(await res.json()).toEqual({ ok: true, message: 'Testmelding verstuurd naar piket@example.nl.' });
  expect(w.smtp.mails.map((m) => [m.to, m.mail.subject])).toEqual([[['piket@example.nl'], '[HOOG] Testmelding: zo bereikt een escalatie je']]);
  for (let i = 0; i < 4; i++) await w.callers.installerA.contactMethod.test({ contactMethodId: method.id });
  const limited = await w.h.request(`/api/v1/contact-methods/${method.id}/test`, { method: 'POST', token: w.tokens.installerA });
  expect(limited.status).toBe(429);
});
