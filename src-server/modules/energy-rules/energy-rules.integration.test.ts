import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';

const V1 = '/api/v1';
const NOW = new Date('2026-11-25T12:00:00Z');

async function world() {
  const w = await createAlarmWorld({ clock: () => NOW });
  await w.h.feed({ uuid: 'feed-a', organizationId: w.orgA });
  const imp = await w.h.channel('feed-a', '1.8.0');
  const exp = await w.h.channel('feed-a', '2.8.0');
  const meter = await w.callers.admin.meter.create({
    type: 'electricity',
    name: 'Elektriciteitsmeter',
    locationId: w.a1,
    netImportChannel: { type: 'meterbeheer', id: imp },
    netExportChannel: { type: 'meterbeheer', id: exp },
  });
  const otherMeter = await w.callers.admin.meter.create({ type: 'electricity', name: 'Magazijnmeter', locationId: w.a2 });
  const rule = { name: 'Contractvermogen', meterId: meter.id, dashboardId: w.dashA.id, type: 'CAPACITY', limitKw: 120 };
  const post = (json: unknown, token = w.tokens.installerA, locationId = w.a1) =>
    w.h.request(`${V1}/locations/${locationId}/energy-rules`, { method: 'POST', token, json });
  const list = async (token = w.tokens.installerA) => (await w.h.request(`${V1}/locations/${w.a1}/energy-rules`, { token })).json();
  return { ...w, meter, otherMeter, rule, post, list };
}

test('an installer of the organization creates, reads, changes and deletes a rule over REST', async () => {
  const w = await world();
  const res = await w.post({ ...w.rule, priority: 'HIGH' });
  expect(res.status).toBe(201);
  const created = await res.json();
  expect(created).toEqual({
    id: expect.any(Number),
    locationId: w.a1,
    name: 'Contractvermogen',
    enabled: true,
    meterId: w.meter.id,
    dashboardId: w.dashA.id,
    priority: 'HIGH',
    type: 'CAPACITY',
    limitKw: 120,
    createdAt: '2026-11-25T12:00:00.000Z',
  });
  expect(await w.list()).toEqual([created]);
  const get = await w.h.request(`${V1}/energy-rules/${created.id}`, { token: w.tokens.installerA });
  expect(await get.json()).toEqual(created);

  const patch = await w.h.request(`${V1}/energy-rules/${created.id}`, { method: 'PATCH', token: w.tokens.installerA, json: { limitKw: 95.5, enabled: false } });
  expect(patch.status).toBe(200);
  expect(await patch.json()).toEqual({ ...created, limitKw: 95.5, enabled: false });

  // a change of type takes the new type's fields, not the old ones
  const retyped = await w.h.request(`${V1}/energy-rules/${created.id}`, {
    method: 'PATCH',
    token: w.tokens.installerA,
    json: { type: 'BASE_LOAD', limitKw: 4, from: '01:00', to: '05:00' },
  });
  expect(await retyped.json()).toEqual({ ...created, enabled: false, type: 'BASE_LOAD', limitKw: 4, from: '01:00', to: '05:00' });

  const del = await w.h.request(`${V1}/energy-rules/${created.id}`, { method: 'DELETE', token: w.tokens.installerA });
  expect(del.status).toBe(204);
  expect((await w.h.request(`${V1}/energy-rules/${created.id}`, { token: w.tokens.installerA })).status).toBe(404);
  expect(await w.list()).toEqual([]);
});

test('admins and the organization’s installers only: another organization’s installer gets 404, a customer 403', async () => {
  const w = await world();
  const { id } = await w.callers.admin.energyRule.create({ locationId: w.a1, ...w.rule } as never);
  expect((await w.post(w.rule, w.tokens.installerB)).status).toBe(404);
  expect((await w.h.request(`${V1}/energy-rules/${id}`, { token: w.tokens.installerB })).status).toBe(404);
  expect((await w.h.request(`${V1}/energy-rules/${id}`, { method: 'DELETE', token: w.tokens.installerB })).status).toBe(404);
  expect((await w.post(w.rule, w.tokens.customerA)).status).toBe(403);
  expect((await w.h.request(`${V1}/locations/${w.a1}/energy-rules`, { token: w.tokens.customerA })).status).toBe(403);
  expect((await w.h.request(`${V1}/energy-rules/${id}`, { token: w.tokens.customerA })).status).toBe(403);
  expect(
    (await w.h.request(`${V1}/energy-rules/${id}/preview`, { method: 'POST', token: w.tokens.customerA, json: { from: '2026-11-01', to: '2026-11-02' } }))
      .status,
  ).toBe(403);
  expect((await w.list(w.tokens.admin)).map((r: { id: number }) => r.id)).toEqual([id]);
});

test('bad input answers 400 with Dutch field errors and stores nothing', async () => {
  const w = await world();
  const fields = async (json: unknown) => {
    const res = await w.post(json);
    expect(res.status).toBe(400);
    return (await res.json()).error.fieldErrors;
  };
  expect(await fields({ ...w.rule, meterId: w.otherMeter.id })).toEqual({ meterId: ['Deze meter hoort niet bij deze locatie.'] });
  expect(await fields({ ...w.rule, dashboardId: w.dashB.id })).toEqual({ dashboardId: ['Dit alarmdashboard hoort niet bij de organisatie van deze locatie.'] });
  expect(await fields({ ...w.rule, limitKw: 0 })).toEqual({ limitKw: ['De grens moet groter dan 0 zijn.'] });
  expect(await fields({ ...w.rule, limitKw: -5 })).toEqual({ limitKw: ['De grens moet groter dan 0 zijn.'] });
  expect(await fields({ ...w.rule, type: 'BASE_LOAD', limitKw: 3, from: '1:00', to: '25:00' })).toEqual({
    from: ['Geef een tijd als 01:00 (UU:MM).'],
    to: ['Geef een tijd als 01:00 (UU:MM).'],
  });
  expect(await fields({ ...w.rule, type: 'BASE_LOAD', limitKw: 3, from: '05:00', to: '05:00' })).toEqual({
    to: ['Begin en einde van het tijdvak mogen niet gelijk zijn.'],
  });
  expect(await fields({ ...w.rule, type: 'DAILY_ENERGY', channel: 'import' })).toEqual({ minKwh: ['Geef een ondergrens, een bovengrens of beide.'] });
  expect(await fields({ ...w.rule, type: 'NO_DATA', hours: 0 })).toEqual({ hours: ['Minstens 1 uur.'] });
  expect(await fields({ ...w.rule, name: ' ' })).toEqual({ name: ['De naam van de regel moet worden opgegeven.'] });
  expect(await fields({ ...w.rule, type: 'WIND' })).toEqual({ type: ['Kies een type: CAPACITY, MONTHLY_PEAK, BASE_LOAD, DAILY_ENERGY of NO_DATA.'] });
  expect(await w.list()).toEqual([]);

  // a PATCH that breaks the rule changes nothing
  const { id } = await w.callers.admin.energyRule.create({ locationId: w.a1, ...w.rule } as never);
  const patch = (json: unknown) => w.h.request(`${V1}/energy-rules/${id}`, { method: 'PATCH', token: w.tokens.installerA, json });
  expect((await (await patch({ limitKw: 0 })).json()).error.fieldErrors).toEqual({ limitKw: ['De grens moet groter dan 0 zijn.'] });
  expect((await (await patch({ meterId: w.otherMeter.id })).json()).error.fieldErrors).toEqual({ meterId: ['Deze meter hoort niet bij deze locatie.'] });
  expect((await w.list())[0]).toMatchObject({ limitKw: 120, meterId: w.meter.id });

  // previews check their period and the unsaved rule's fields (under `rule`)
  const preview = (json: unknown) => w.h.request(`${V1}/locations/${w.a1}/energy-rules/preview`, { method: 'POST', token: w.tokens.installerA, json });
  expect((await (await preview({ rule: w.rule, from: '2026-11-10', to: '2026-11-10' })).json()).error.fieldErrors).toEqual({
    to: ['Het einde van de periode moet na het begin liggen.'],
  });
  expect((await (await preview({ rule: w.rule, from: '2025-01-01', to: '2026-11-10' })).json()).error.fieldErrors).toEqual({
    to: ['Een voorbeeld beslaat hoogstens 366 dagen.'],
  });
  expect((await (await preview({ rule: { ...w.rule, limitKw: 0 }, from: '2026-11-01', to: '2026-11-10' })).json()).error.fieldErrors).toEqual({
    'rule.limitKw': ['De grens moet groter dan 0 zijn.'],
  });
  expect((await (await preview({ rule: { ...w.rule, meterId: w.otherMeter.id }, from: '2026-11-01', to: '2026-11-10' })).json()).error.fieldErrors).toEqual({
    'rule.meterId': ['Deze meter hoort niet bij deze locatie.'],
  });
});
