import { afterEach, expect, test } from 'vitest';
import { type EscalationWorld, createEscalationWorld } from '../../testing/escalation-world';
import { type NtfySimulator, startNtfy } from '../../testing/ntfy-simulator';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});
async function world(options: { allowPrivateTargets?: boolean; ntfy?: Parameters<typeof startNtfy>[0] } = {}) {
  const w = await createEscalationWorld({ allowPrivateTargets: options.allowPrivateTargets ?? true });
  const ntfy = await startNtfy(options.ntfy);
  closing.push(w.close, ntfy.close);
  return { w, ntfy };
}
const mine = '/api/v1/users/me/contact-methods';

/** Installer A on ntfy topic `piket-a`, and an escalation that reaches installer A at once. */
async function onNtfy(w: EscalationWorld, ntfy: NtfySimulator, token?: string) {
  const method = await w.callers.installerA.contactMethod.create({ type: 'NTFY', url: ntfy.url('piket-a'), token });
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  return method;
}

test('REST: an ntfy topic is added (201), listed without its token, tested with a Dutch HOOG message, and deleted (204)', async () => {
  const { w, ntfy } = await world();
  const token = w.tokens.installerA;
  const res = await w.h.request(mine, { method: 'POST', token, json: { type: 'NTFY', url: `${ntfy.url('piket-a')}/`, token: ' tk_geheimtoken123 ' } });
  expect(res.status).toBe(201);
  const method = (await res.json()) as { id: number };
  const shown = ntfy.url('piket-a').replace('http://', '');
  expect(method).toEqual({ id: expect.any(Number), type: 'NTFY', address: shown, isDefault: false, createdAt: '2026-11-28T01:22:00.000Z' });
  const list = await (await w.h.request(mine, { token })).text();
  expect(list).toContain(shown);
  expect(list).not.toContain('tk_geheimtoken123');
  const stored = await w.h.db.selectFrom('contactMethod').select('target').where('id', '=', method.id).executeTakeFirstOrThrow();
  expect(stored.target).not.toContain('tk_geheimtoken123');

  const tested = await w.h.request(`/api/v1/contact-methods/${method.id}/test`, { method: 'POST', token });
  expect(await tested.json()).toEqual({ ok: true, message: `Testmelding verstuurd naar ${shown}.` });
  expect(ntfy.messages).toMatchObject([
    {
      topic: 'piket-a',
      title: '[HOOG] Testmelding: zo bereikt een escalatie je',
      priority: 5,
      tags: ['rotating_light'],
      token: 'tk_geheimtoken123',
      message: '28-11-2026 02:22\nTest',
      actions: [{ action: 'view', label: 'Openen' }],
    },
  ]);
  expect((await w.h.request(`/api/v1/contact-methods/${method.id}`, { method: 'DELETE', token })).status).toBe(204);
  expect(await (await w.h.request(mine, { token })).json()).toHaveLength(1);
});

test('an ntfy URL without a topic, with a bad topic, credentials or another scheme is refused in Dutch at the url field', async () => {
  const { w } = await world();
  const refused = async (url: string) => {
    const res = await w.h.request(mine, { method: 'POST', token: w.tokens.installerA, json: { type: 'NTFY', url } });
    expect(res.status).toBe(400);
    return ((await res.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors.url;
  };
  expect(await refused('https://ntfy.sh')).toEqual(['Zet het topic achter de server, bijvoorbeeld https://ntfy.sh/mijn-geheime-topic.']);
  expect(await refused('https://ntfy.sh/mijn topic')).toEqual(['Een topic bestaat uit letters, cijfers, - en _ (hoogstens 64 tekens).']);
  expect(await refused('ftp://ntfy.sh/piket')).toEqual(['Geef een URL die met http:// of https:// begint.']);
  expect(await refused('https://piet:geheim@ntfy.sh/piket')).toEqual(['Zet geen gebruikersnaam of wachtwoord in de URL; gebruik het token-veld.']);
  expect(await refused('geen url')).toEqual(['Geef een URL die met http:// of https:// begint.']);
});

test('an escalation reaches ntfy with the title, priority, tags, the alarm as Click and the Bevestigen and Openen buttons; non-ASCII titles RFC 2047 encoded', async () => {
  const { w, ntfy } = await world();
  await onNtfy(w, ntfy, 'tk_piket');
  const alarm = await w.raise('Koelcel 4 te warm — 9 °C');
  await w.settle();
  expect(ntfy.messages).toHaveLength(1);
  const [message] = ntfy.messages;
  expect(message!.headers.title).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
  const alarmUrl = `http://energiebeheer.test/app/alarms/${w.dashA.id}/folders/inbox?alarm=${alarm.id}`;
  expect(message).toMatchObject({ title: '[HOOG] Koelcel 4 te warm — 9 °C', priority: 5, tags: ['rotating_light'], token: 'tk_piket', click: alarmUrl });
  expect(message!.message).toBe('28-11-2026 02:22\nStoringen Alfa');
  expect(message!.actions).toEqual([
    {
      action: 'http',
      label: 'Bevestigen',
      url: expect.stringMatching(/^http:\/\/energiebeheer\.test\/api\/v1\/actions\/[A-Za-z0-9_-]{43}$/),
      options: { method: 'POST', 'headers.content-type': 'application/json', body: '{"action":"acknowledge"}', clear: 'true' },
    },
    { action: 'view', label: 'Openen', url: alarmUrl, options: {} },
  ]);
  const notified = (await w.history(alarm.id)).filter((h) => h.event === 'notified').map((h) => h.details);
  expect(notified).toEqual(
    expect.arrayContaining([expect.objectContaining({ channel: 'NTFY', target: ntfy.url('piket-a').replace('http://', ''), userId: w.ids.installerA })]),
  );
});

test('a MIDDEL alarm reaches ntfy with priority 3 and the warning tag, a LAAG one with priority 2 and the information tag', async () => {
  const { w, ntfy } = await world();
  await w.callers.installerA.contactMethod.create({ type: 'NTFY', url: ntfy.url('piket-a') });
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }], 0, ['MEDIUM', 'LOW']);
  await w.raise('Compressor maakt herrie', 'MEDIUM');
  await w.settle();
  await w.raise('Filter bijna vol', 'LOW');
  await w.settle();
  expect(ntfy.messages.map(({ title, priority, tags }) => ({ title, priority, tags }))).toEqual([
    { title: '[MIDDEL] Compressor maakt herrie', priority: 3, tags: ['warning'] },
    { title: '[LAAG] Filter bijna vol', priority: 2, tags: ['information_source'] },
  ]);
  expect(ntfy.messages.map((m) => m.headers.priority)).toEqual(['3', '2']);
});

test('the Bevestigen button acknowledges the alarm as the person when the ntfy app posts it as configured', async () => {
  const { w, ntfy } = await world();
  await onNtfy(w, ntfy);
  const alarm = await w.raise();
  await w.settle();
  const button = ntfy.messages[0]!.actions.find((a) => a.label === 'Bevestigen')!;
  const res = await w.h.request(new URL(button.url).pathname, {
    method: button.options.method,
    headers: { 'Content-Type': button.options['headers.content-type']! },
    body: button.options.body,
  });
  expect(res.status).toBe(200);
  const detail = await w.admin.alarm.get({ alarmId: alarm.id });
  expect(detail.acknowledgedAt).toBe('2026-11-28T01:22:00.000Z');
  expect((await w.history(alarm.id)).find((h) => h.event === 'acknowledged')).toMatchObject({
    actor: { type: 'USER', id: w.ids.installerA },
    details: { via: 'link' },
  });
});

test('ntfy answering 429 is tried again after its Retry-After; 403 fails at once with a Dutch reason about the token', async () => {
  const { w, ntfy } = await world({ ntfy: (n) => (n === 1 ? { status: 429, retryAfter: 30 } : n === 2 ? { status: 200 } : { status: 403 }) });
  await onNtfy(w, ntfy);
  const alarm = await w.raise();
  await w.settle();
  const row = async () => (await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications.find((n) => n.channel === 'NTFY')!;
  expect(await row()).toMatchObject({ status: 'PENDING', lastError: 'HTTP 429', attempts: 1 });
  w.advance(29);
  await w.settle();
  expect(ntfy.requests()).toBe(1);
  w.advance(1);
  await w.settle();
  expect(await row()).toMatchObject({ status: 'SENT', attempts: 2 });
  expect(ntfy.messages).toHaveLength(1);
  // A later alarm: the server now refuses the topic.
  await w.raise('Koelcel 5 te warm');
  await w.settle();
  const failed = (await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20, status: 'FAILED' })).notifications;
  expect(failed).toMatchObject([{ channel: 'NTFY', lastError: 'De ntfy-server weigert toegang tot dit topic (HTTP 403); controleer het token.' }]);
  expect((await w.history(alarm.id)).filter((h) => h.event === 'notification-failed')).toHaveLength(1);
});

test('an ntfy server on a private address is refused unless NOTIFY_ALLOW_PRIVATE_TARGETS allows it, and is never contacted', async () => {
  const { w, ntfy } = await world({ allowPrivateTargets: false });
  const method = await w.callers.installerA.contactMethod.create({ type: 'NTFY', url: ntfy.url('piket-a') });
  expect(await w.callers.installerA.contactMethod.test({ contactMethodId: method.id })).toEqual({
    ok: false,
    message: 'Testmelding mislukt: Dit adres ligt in een privé-, loopback- of link-local-netwerk; zulke doelen zijn niet toegestaan.',
  });
  expect(ntfy.requests()).toBe(0);
});
