import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { addCustomParser, addDefaultParser, alarmsIn, attempts, deliver, drain, rawMail } from '../alarm-parsers/parser-test-kit';

const V1 = '/api/v1/alarms';
const FOREIGN = 'Deze locatie hoort niet bij de organisatie van dit dashboard.';

test('POST /dashboards/{id}/alarms takes a locationId of the organization: list and detail name the location; another organization’s is a 400 that stores nothing', async () => {
  const w = await createAlarmWorld();
  const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, {
    method: 'POST',
    token: w.tokens.installerA,
    json: { line: 'Storing ketel', locationId: w.a2 },
  });
  expect(res.status).toBe(201);
  const alarm = await res.json();
  expect(alarm.location).toEqual({ id: w.a2, name: 'Alfa Magazijn' });
  expect((await w.callers.installerA.alarm.get({ alarmId: alarm.id })).location).toEqual({ id: w.a2, name: 'Alfa Magazijn' });
  expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.location)).toEqual([{ id: w.a2, name: 'Alfa Magazijn' }]);

  const foreign = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, {
    method: 'POST',
    token: w.tokens.installerA,
    json: { line: 'Storing elders', locationId: w.b1 },
  });
  expect(foreign.status).toBe(400);
  expect((await foreign.json()).error.fieldErrors).toEqual({ locationId: [FOREIGN] });
  const unknown = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms`, { method: 'POST', token: w.tokens.admin, json: { line: 'x', locationId: 99999 } });
  expect(unknown.status).toBe(400);
  expect(await w.h.db.selectFrom('alarm').select('id').execute()).toHaveLength(1);

  const plain = await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: 'Zonder locatie' });
  expect(plain.location).toBeNull();
});

test('the generic hook takes locationId per alert; a foreign one refuses the request naming the alert', async () => {
  const w = await createAlarmWorld();
  const { token } = (await (
    await w.h.request(`${V1}/dashboards/${w.dashA.id}/ingest-tokens`, { method: 'POST', token: w.tokens.installerA, json: { name: 'Script' } })
  ).json()) as { token: string };
  const hook = (json: unknown) => w.h.request(`${V1}/hooks/generic`, { method: 'POST', token, json });
  expect((await hook({ line: 'Pomp uit', locationId: w.a1 })).status).toBe(200);
  const bad = await hook({
    alerts: [
      { line: 'Goed', locationId: w.a1 },
      { line: 'Fout', locationId: w.b1 },
    ],
  });
  expect(bad.status).toBe(400);
  expect((await bad.json()).error.fieldErrors).toEqual({ 'alerts.1.locationId': [FOREIGN] });
  const single = await hook({ line: 'Fout', locationId: w.b1 });
  expect((await single.json()).error.fieldErrors).toEqual({ locationId: [FOREIGN] });
  const alarms = await alarmsIn(w, w.foldersA.inbox);
  expect(alarms.map((a) => [a.line, a.location?.name])).toEqual([['Pomp uit', 'Alfa Kantoor']]);
});

test('a DEFAULT parser maps the sender, the subject or a data value to a location, first matching row wins; a foreign location in the table is refused on save', async () => {
  const w = await createAlarmWorld();
  const config = {
    line: '{{subject}}',
    data: [{ name: 'ean', field: 'body' as const, pattern: 'EAN:\\s*(\\d+)' }],
    location: {
      field: 'ean',
      map: [
        { pattern: '^8712', locationId: w.a1 },
        { pattern: '^87', locationId: w.a2 },
      ],
    },
  };
  const refused = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarm-email-parsers`, {
    method: 'POST',
    token: w.tokens.admin,
    json: { type: 'DEFAULT', name: 'Fout', config: { ...config, location: { field: 'ean', map: [{ pattern: 'x', locationId: w.b1 }] } } },
  });
  expect(refused.status).toBe(400);
  expect((await refused.json()).error.fieldErrors).toEqual({ 'config.location.map.0.locationId': [FOREIGN] });
  const badField = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarm-email-parsers`, {
    method: 'POST',
    token: w.tokens.admin,
    json: { type: 'DEFAULT', name: 'Fout', config: { ...config, location: { field: 'onbekend', map: [] } } },
  });
  expect((await badField.json()).error.fieldErrors['config.location.field']).toEqual([
    'Het veld van de locatie is from, subject, body of de naam van een gegeven.',
  ]);

  await addDefaultParser(w, { name: 'EAN', config });
  await deliver(w, rawMail('Storing 1', 'EAN: 871234'));
  await deliver(w, rawMail('Storing 2', 'EAN: 879999'));
  await deliver(w, rawMail('Storing 3', 'EAN: 111111'));
  await deliver(w, rawMail('Storing 4', 'geen ean'));
  await drain(w);
  const alarms = await alarmsIn(w, w.foldersA.inbox);
  expect(alarms.map((a) => [a.line, a.location?.name ?? null])).toEqual([
    ['Storing 1', 'Alfa Kantoor'],
    ['Storing 2', 'Alfa Magazijn'],
    ['Storing 3', null],
    ['Storing 4', null],
  ]);
});

test('a DEFAULT parser maps the sender address; a CUSTOM parser returns a location by exact name or id, an unknown one is a FAILED attempt', async () => {
  const w = await createAlarmWorld();
  await addDefaultParser(w, {
    name: 'Afzender',
    config: { match: { subject: 'Priva' }, line: '{{subject}}', location: { field: 'from', map: [{ pattern: 'magazijn@', locationId: w.a2 }] } },
  });
  await addCustomParser(
    w,
    'Code',
    `function parse(email) {
      if (!/^Code/.test(email.subject)) return null;
      return { line: email.subject, location: email.text.trim() === 'id' ? ${w.a1} : email.text.trim() };
    }`,
  );
  await deliver(w, rawMail('Priva storing', '', 'Priva <magazijn@alfa.example>'));
  await deliver(w, rawMail('Code naam', 'Alfa Kantoor'));
  await deliver(w, rawMail('Code id', 'id'));
  const unknown = await deliver(w, rawMail('Code onbekend', 'Bravo Hal'));
  await drain(w);
  const alarms = await alarmsIn(w, w.foldersA.inbox);
  expect(alarms.map((a) => [a.line, a.location?.name ?? null])).toEqual([
    ['Priva storing', 'Alfa Magazijn'],
    ['Code naam', 'Alfa Kantoor'],
    ['Code id', 'Alfa Kantoor'],
  ]);
  const tried = await attempts(w, unknown);
  expect(tried.find((a) => a.parser?.name === 'Code')).toMatchObject({ type: 'FAILED', exceptionType: 'UnknownLocation' });
});
