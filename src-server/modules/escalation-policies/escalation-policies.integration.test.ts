import { afterEach, expect, test } from 'vitest';
import { type AlarmWorld, createAlarmWorld } from '../../testing/alarm-world';

const worlds: AlarmWorld[] = [];
afterEach(async () => {
  for (const w of worlds.splice(0)) await w.h.close();
});
async function world() {
  const w = await createAlarmWorld();
  worlds.push(w);
  return w;
}

const base = '/api/v1/alarms';
const steps = (w: AlarmWorld) => [
  { afterMinutes: 0, targets: [{ type: 'USER' as const, id: w.ids.installerA }] },
  { afterMinutes: 15, targets: [{ type: 'USER' as const, id: w.ids.admin }] },
  { afterMinutes: 30, targets: [{ type: 'ASSIGNABLE' as const }] },
];

test('REST: create answers 201 with the policy, list and get answer it, PATCH changes only what it names, DELETE answers 204', async () => {
  const w = await world();
  const token = w.tokens.admin;
  const created = await w.h.request(`${base}/dashboards/${w.dashA.id}/escalation-policies`, {
    method: 'POST',
    token,
    json: { name: 'Piket nacht', steps: steps(w), repeat: 2 },
  });
  expect(created.status).toBe(201);
  const policy = (await created.json()) as { id: number };
  expect(policy).toEqual({ id: expect.any(Number), dashboardId: w.dashA.id, name: 'Piket nacht', steps: steps(w), repeat: 2, createdAt: expect.any(String) });
  expect(await (await w.h.request(`${base}/dashboards/${w.dashA.id}/escalation-policies`, { token })).json()).toEqual([policy]);
  expect(await (await w.h.request(`${base}/escalation-policies/${policy.id}`, { token })).json()).toEqual(policy);
  const patched = await w.h.request(`${base}/escalation-policies/${policy.id}`, { method: 'PATCH', token, json: { repeat: 0 } });
  expect(await patched.json()).toEqual({ ...policy, repeat: 0 });
  expect((await w.h.request(`${base}/escalation-policies/${policy.id}`, { method: 'DELETE', token })).status).toBe(204);
  expect((await w.h.request(`${base}/escalation-policies/${policy.id}`, { token })).status).toBe(404);
});

test('repeat defaults to 0', async () => {
  const w = await world();
  const policy = await w.callers.admin.escalationPolicy.create({ dashboardId: w.dashA.id, name: 'Piket', steps: steps(w) } as never);
  expect(policy.repeat).toBe(0);
});

const invalid = async (w: AlarmWorld, body: Record<string, unknown>) => {
  const res = await w.h.request(`${base}/dashboards/${w.dashA.id}/escalation-policies`, {
    method: 'POST',
    token: w.tokens.admin,
    json: { name: 'Piket', ...body },
  });
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
};

test('steps are checked with Dutch messages at the field they concern', async () => {
  const w = await world();
  const user = [{ type: 'USER', id: w.ids.installerA }];
  expect(await invalid(w, { steps: [{ afterMinutes: 5, targets: user }] })).toEqual({ 'steps.0.afterMinutes': ['De eerste stap begint meteen: 0 minuten.'] });
  expect(
    await invalid(w, {
      steps: [
        { afterMinutes: 0, targets: user },
        { afterMinutes: 20, targets: user },
        { afterMinutes: 20, targets: user },
      ],
    }),
  ).toEqual({ 'steps.2.afterMinutes': ['Elke stap moet later komen dan de stap ervoor.'] });
  expect(
    await invalid(w, {
      steps: [
        { afterMinutes: 0, targets: user },
        { afterMinutes: 1441, targets: user },
      ],
    }),
  ).toEqual({ 'steps.1.afterMinutes': ['Hoogstens 1440 minuten (een dag).'] });
  expect(await invalid(w, { steps: [] })).toEqual({ steps: ['Geef minstens één stap op.'] });
  expect(await invalid(w, { steps: Array.from({ length: 6 }, (_, i) => ({ afterMinutes: i, targets: user })) })).toEqual({ steps: ['Hoogstens 5 stappen.'] });
  expect(await invalid(w, { steps: [{ afterMinutes: 0, targets: [] }] })).toEqual({ 'steps.0.targets': ['Kies minstens één ontvanger voor elke stap.'] });
  expect(await invalid(w, { steps: [{ afterMinutes: 0, targets: user }], repeat: 4 })).toEqual({ repeat: ['Hoogstens 3 herhalingen.'] });
  expect(await invalid(w, { steps: [{ afterMinutes: 0, targets: [{ type: 'TEAM', id: 1 }] }] })).toEqual({
    'steps.0.targets.0.type': ['Kies een rooster, een gebruiker of alle gebruikers van het dashboard.'],
  });
});

test('a user named in a step must be assignable on the dashboard; another organization’s installer is refused', async () => {
  const w = await world();
  expect(await invalid(w, { steps: [{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.installerB }] }] })).toEqual({
    'steps.0.targets.0.id': ['Deze gebruiker hoort niet bij dit dashboard.'],
  });
  expect(await invalid(w, { steps: [{ afterMinutes: 0, targets: [{ type: 'USER', id: w.ids.customerA }] }] })).toEqual({
    'steps.0.targets.0.id': ['Deze gebruiker hoort niet bij dit dashboard.'],
  });
});

test('another organization’s policy is a 404 for an installer, to read, change and delete', async () => {
  const w = await world();
  const policy = await w.callers.admin.escalationPolicy.create({ dashboardId: w.dashA.id, name: 'Piket', steps: steps(w), repeat: 0 });
  const token = w.tokens.installerB;
  expect((await w.h.request(`${base}/escalation-policies/${policy.id}`, { token })).status).toBe(404);
  expect((await w.h.request(`${base}/escalation-policies/${policy.id}`, { method: 'PATCH', token, json: { name: 'X' } })).status).toBe(404);
  expect((await w.h.request(`${base}/escalation-policies/${policy.id}`, { method: 'DELETE', token })).status).toBe(404);
  expect((await w.h.request(`${base}/dashboards/${w.dashA.id}/escalation-policies`, { token })).status).toBe(404);
});

test('an installer changes policies only while the dashboard is customizable', async () => {
  const w = await world();
  const policy = await w.callers.admin.escalationPolicy.create({ dashboardId: w.dashA.id, name: 'Piket', steps: steps(w), repeat: 0 });
  await w.callers.installerA.escalationPolicy.update({ policyId: policy.id, name: 'Piket A' });
  await w.callers.admin.alarmDashboard.customizable({ dashboardId: w.dashA.id, customizable: false });
  await expect(w.callers.installerA.escalationPolicy.update({ policyId: policy.id, name: 'Piket B' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  expect((await w.callers.installerA.escalationPolicy.list({ dashboardId: w.dashA.id }))[0]!.name).toBe('Piket A');
});

test('a rule escalates only along a policy of its own dashboard, only on new alarms, and keeps its policy from being deleted', async () => {
  const w = await world();
  const a = await w.callers.admin.escalationPolicy.create({ dashboardId: w.dashA.id, name: 'Piket A', steps: steps(w), repeat: 0 });
  const b = await w.callers.admin.escalationPolicy.create({
    dashboardId: w.dashB.id,
    name: 'Piket B',
    steps: [{ afterMinutes: 0, targets: [{ type: 'ASSIGNABLE' }] }],
    repeat: 0,
  });
  const rule = async (policyId: number, events = ['created']) => {
    const res = await w.h.request(`${base}/dashboards/${w.dashA.id}/notification-rules`, {
      method: 'POST',
      token: w.tokens.admin,
      json: { name: 'Escalatie', priorities: ['HIGH'], events, channel: { type: 'ESCALATION', policyId } },
    });
    return { status: res.status, body: (await res.json()) as { channel?: unknown; error?: { fieldErrors: unknown } } };
  };
  expect((await rule(b.id)).body.error?.fieldErrors).toEqual({ 'channel.policyId': ['Deze escalatie bestaat niet op dit dashboard.'] });
  expect((await rule(a.id, ['created', 'resolved'])).body.error?.fieldErrors).toEqual({
    events: ['Een escalatie start bij een nieuw alarm: kies alleen "Nieuw alarm".'],
  });
  const made = await rule(a.id);
  expect(made).toMatchObject({ status: 201, body: { channel: { type: 'ESCALATION', policyId: a.id } } });
  const res = await w.h.request(`${base}/escalation-policies/${a.id}`, { method: 'DELETE', token: w.tokens.admin });
  expect(res.status).toBe(409);
  expect(await res.json()).toMatchObject({ error: { message: 'Deze escalatie wordt gebruikt door meldingsregel "Escalatie"; kies daar eerst iets anders.' } });
});

test('the escalation state of another organization’s alarm is a 404, and on-call is null without a schedule', async () => {
  const w = await world();
  const alarm = await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line: 'Storing' });
  expect((await w.h.request(`${base}/alarms/${alarm.id}/escalation`, { token: w.tokens.installerB })).status).toBe(404);
  expect(await (await w.h.request(`${base}/alarms/${alarm.id}/escalation`, { token: w.tokens.installerA })).json()).toEqual([]);
  expect(await (await w.h.request(`${base}/dashboards/${w.dashA.id}/on-call`, { token: w.tokens.installerA })).json()).toBeNull();
});
