import { expect, test } from 'vitest';
import { type EscalationWorld, createEscalationWorld } from '../../testing/escalation-world';

const escalated = async (w: EscalationWorld, alarmId: number) =>
  (await w.history(alarmId))
    .filter((h) => h.event === 'escalated')
    .map((h) => ({ at: h.at, ...(h.details as { step: number; round: number; policy: string; users: unknown[] }) }));

test('a new alarm reaches step 1’s person at once by e-mail with their own Bevestigen link, and the history names the step and the person', async () => {
  const w = await createEscalationWorld();
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  const alarm = await w.raise();
  await w.settle();
  expect(w.smtp.mails.map((m) => [m.to, m.mail.subject])).toEqual([[['inst-a@example.nl'], '[HOOG] Koelcel 4 te warm']]);
  const { text, html } = w.smtp.mails[0]!.mail;
  const token = w.tokenOf(text);
  expect(text).toContain(`Bevestigen: http://energiebeheer.test/app/act/${token}`);
  expect(html).toContain(`href="http://energiebeheer.test/app/act/${token}"`);
  expect(html).toContain('>Bevestigen</a>');
  expect(await escalated(w, alarm.id)).toEqual([
    { at: '2026-11-28T01:22:00.000Z', policy: 'Piket', step: 1, round: 1, users: [{ id: w.ids.installerA, name: 'inst-a' }] },
  ]);
  const notified = (await w.history(alarm.id)).filter((h) => h.event === 'notified');
  expect(notified.map((h) => h.details)).toMatchObject([{ channel: 'EMAIL', target: 'inst-a@example.nl', userId: w.ids.installerA, name: 'inst-a', step: 1 }]);
  expect((await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications).toMatchObject([
    { status: 'SENT', channel: 'EMAIL', event: 'created', alarmId: alarm.id },
  ]);
});

test('step 2 goes out at exactly its minute after the alarm was raised, not a second before, to every person of the step', async () => {
  const w = await createEscalationWorld();
  await w.escalateAlong([
    { afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] },
    { afterMinutes: 15, targets: [{ type: 'ASSIGNABLE' }] },
  ]);
  const alarm = await w.raise();
  await w.settle();
  w.advance(15 * 60 - 1);
  await w.settle();
  expect(w.smtp.mails).toHaveLength(1);
  w.advance(1);
  await w.settle();
  expect(
    w.smtp.mails
      .slice(1)
      .flatMap((m) => m.to)
      .sort(),
  ).toEqual(['admin@example.nl', 'inst-a@example.nl']);
  expect((await escalated(w, alarm.id)).map((e) => [e.at, e.step])).toEqual([
    ['2026-11-28T01:22:00.000Z', 1],
    ['2026-11-28T01:37:00.000Z', 2],
  ]);
  const [state] = await w.admin.escalationPolicy.state({ alarmId: alarm.id });
  expect(state).toMatchObject({ step: 2, steps: 2, round: 1, rounds: 1, nextAt: null, stopped: { reason: 'DONE' } });
});

test('after the last step the steps start again `repeat` times, one last interval later, and then stop', async () => {
  const w = await createEscalationWorld();
  await w.escalateAlong(
    [
      { afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] },
      { afterMinutes: 10, targets: [{ type: 'USER', id: w.ids.admin }] },
    ],
    1,
  );
  const alarm = await w.raise();
  await w.settle();
  for (let minute = 1; minute <= 60; minute++) {
    w.advance(60);
    await w.settle();
  }
  expect((await escalated(w, alarm.id)).map((e) => [e.at.slice(11, 16), e.step, e.round])).toEqual([
    ['01:22', 1, 1],
    ['01:32', 2, 1],
    ['01:42', 1, 2],
    ['01:52', 2, 2],
  ]);
  expect(w.smtp.mails.map((m) => m.to[0])).toEqual(['inst-a@example.nl', 'admin@example.nl', 'inst-a@example.nl', 'admin@example.nl']);
});

/** A policy of installer A at once and the admin 15 minutes later; alarm 'Koelcel 4 te warm' raised and step 1 sent. */
async function stepOneSent() {
  const w = await createEscalationWorld();
  await w.escalateAlong([
    { afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] },
    { afterMinutes: 15, targets: [{ type: 'USER', id: w.ids.admin }] },
  ]);
  const alarm = await w.raise('Koelcel 4 te warm');
  await w.settle();
  return { w, alarm };
}

test('acknowledged before step 2, step 2 never fires, and the panel says who stopped it', async () => {
  const { w, alarm } = await stepOneSent();
  w.advance(5 * 60);
  await w.callers.installerA.alarm.acknowledge({ alarmId: alarm.id });
  expect(await w.admin.escalationPolicy.state({ alarmId: alarm.id })).toMatchObject([
    { step: 1, nextAt: null, stopped: { reason: 'ACKNOWLEDGED', by: 'inst-a' } },
  ]);
  w.advance(60 * 60);
  await w.settle();
  expect(w.smtp.mails).toHaveLength(1);
  expect((await escalated(w, alarm.id)).map((e) => e.step)).toEqual([1]);
});

test('a resolved alarm stops its escalation', async () => {
  const { w, alarm } = await stepOneSent();
  await w.admin.alarm.setFolder({ alarmId: alarm.id, folderId: w.foldersA.done });
  w.advance(20 * 60);
  await w.settle();
  expect(w.smtp.mails).toHaveLength(1);
  expect(await w.admin.escalationPolicy.state({ alarmId: alarm.id })).toMatchObject([{ stopped: { reason: 'RESOLVED', by: 'admin' } }]);
});

test('a maintenance window that begins after the alarm was raised stops its escalation', async () => {
  const { w, alarm } = await stepOneSent();
  const from = new Date(w.at() + 10 * 60_000).toISOString();
  const to = new Date(w.at() + 120 * 60_000).toISOString();
  await w.admin.maintenanceWindow.create({ dashboardId: w.dashA.id, from, to, match: 'koelcel' });
  w.advance(15 * 60);
  await w.settle();
  expect(w.smtp.mails).toHaveLength(1);
  expect(await w.admin.escalationPolicy.state({ alarmId: alarm.id })).toMatchObject([{ step: 1, stopped: { reason: 'MAINTENANCE' } }]);
});

test('an alarm raised inside a maintenance window escalates to no one', async () => {
  const w = await createEscalationWorld();
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  await w.admin.maintenanceWindow.create({
    dashboardId: w.dashA.id,
    from: new Date(w.at() - 60_000).toISOString(),
    to: new Date(w.at() + 3_600_000).toISOString(),
  });
  const alarm = await w.raise();
  await w.settle();
  expect(w.smtp.mails).toHaveLength(0);
  expect(await w.admin.escalationPolicy.state({ alarmId: alarm.id })).toEqual([]);
});

test('a person with a second e-mail method is reached on both at once, each a notification of its own', async () => {
  const w = await createEscalationWorld();
  await w.callers.installerA.contactMethod.create({ type: 'EMAIL', address: 'piket-telefoon@example.nl' });
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  await w.raise();
  await w.settle();
  expect(w.smtp.mails.flatMap((m) => m.to).sort()).toEqual(['inst-a@example.nl', 'piket-telefoon@example.nl']);
  const tokens = w.smtp.mails.map((m) => w.tokenOf(m.mail.text));
  expect(new Set(tokens).size).toBe(2);
});

test('a failed delivery is retried and its failure is in the history with the person’s name', async () => {
  const w = await createEscalationWorld();
  await w.smtp.close();
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerA }] }]);
  const alarm = await w.raise();
  await w.settle();
  const failed = (await w.history(alarm.id)).filter((h) => h.event === 'notification-failed');
  expect(failed[0]?.details).toMatchObject({ name: 'inst-a', step: 1, retry: true });
  expect((await w.admin.notification.list({ dashboardId: w.dashA.id, page: 0, size: 20 })).notifications).toMatchObject([{ status: 'PENDING', attempts: 1 }]);
});

/** A daily rota of dashboard A's organization: installer A, then the admin, handing off at 08:00 local time. */
async function rota(w: EscalationWorld, organizationId = w.orgA, users = [w.ids.installerA, w.ids.admin]) {
  const res = await w.h.request(`/api/v1/organizations/${organizationId}/schedules`, {
    method: 'POST',
    token: w.tokens.admin,
    json: { name: 'Nachtdienst', layers: [{ name: 'Dag', users, start: '2026-11-27T08:00', shift: { unit: 'DAY', count: 1 } }] },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('a SCHEDULE target reaches whoever is on call at the moment of each step', async () => {
  const w = await createEscalationWorld();
  const scheduleId = await rota(w);
  await w.escalateAlong([
    { afterMinutes: 0, targets: [{ type: 'SCHEDULE', id: scheduleId }] },
    // 08:22 local: the admin's shift began at 08:00.
    { afterMinutes: 360, targets: [{ type: 'SCHEDULE', id: scheduleId }] },
  ]);
  const alarm = await w.raise();
  await w.settle();
  w.advance(360 * 60);
  await w.settle();
  expect((await escalated(w, alarm.id)).map((e) => e.users)).toEqual([[{ id: w.ids.installerA, name: 'inst-a' }], [{ id: w.ids.admin, name: 'admin' }]]);
  expect(w.smtp.mails.map((m) => m.to[0])).toEqual(['inst-a@example.nl', 'admin@example.nl']);
});

test('a schedule of another organization is refused, and the console’s on-call names the first policy’s rota', async () => {
  const w = await createEscalationWorld();
  const other = await rota(w, w.orgB, [w.ids.installerB]);
  {
    const res = await w.h.request(`/api/v1/alarms/dashboards/${w.dashA.id}/escalation-policies`, {
      method: 'POST',
      token: w.tokens.admin,
      json: { name: 'Piket', steps: [{ afterMinutes: 0, targets: [{ type: 'SCHEDULE', id: other }] }] },
    });
    expect(await res.json()).toMatchObject({
      error: { fieldErrors: { 'steps.0.targets.0.id': ['Dit rooster hoort niet bij de organisatie van dit dashboard.'] } },
    });
  }
  const scheduleId = await rota(w);
  await w.escalateAlong([{ afterMinutes: 0, targets: [{ type: 'SCHEDULE', id: scheduleId }] }]);
  expect(await w.callers.installerA.escalationPolicy.onCall({ dashboardId: w.dashA.id })).toMatchObject({
    scheduleId,
    users: [{ id: w.ids.installerA, name: 'inst-a' }],
  });
});
