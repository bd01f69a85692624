import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';

const V1 = '/api/v1/alarms';

test('GET /dashboards/{id}/alarms.csv: BOM, Dutch headers, ; separated, local dd-MM-yyyy HH:mm times, quoted cells, the list’s filters', async () => {
  let now = Date.parse('2026-07-01T06:05:00Z');
  const w = await createAlarmWorld({ clock: () => new Date(now) });
  const pomp = await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: 'Pomp "P1"; kelder', priority: 'HIGH', locationId: w.a1 });
  await w.callers.installerA.alarm.assign({ alarmId: pomp.id, userId: w.ids.installerA });
  now = Date.parse('2026-12-01T14:30:00Z');
  const ketel = await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: 'Ketel', key: 'k' });
  await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: 'Ketel', key: 'k' });
  await w.callers.installerA.alarm.setFolder({ alarmId: ketel.id, folderId: w.foldersA.done });
  const token = (await w.h.signIn('inst-a@example.nl')).accessToken;

  const res = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms.csv`, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes.slice(3));
  expect(text.split('\r\n')).toEqual([
    'Ontvangen;Prioriteit;Melding;Locatie;Map;Toegewezen aan;Bevestigd;Opgelost;Aantal',
    // 14:30 UTC in December is 15:30 in Amsterdam; 06:05 UTC in July 08:05.
    '01-12-2026 15:30;Normaal;Ketel;;Afgehandeld;;;01-12-2026 15:30;2',
    '01-07-2026 08:05;Hoog;"Pomp ""P1""; kelder";Alfa Kantoor;Inbox;inst-a;01-07-2026 08:05;;1',
    '',
  ]);
  const filtered = await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms.csv?resolved=false&locationId=${w.a1}`, { token });
  expect((await filtered.text()).split('\r\n')).toHaveLength(3);
  expect((await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms.csv?priority=URGENT`, { token })).status).toBe(400);
  expect((await w.h.request(`${V1}/dashboards/${w.dashB.id}/alarms.csv`, { token })).status).toBe(404);
});

test('alarms.csv: a line or folder label an ingest token or a mail controls never becomes a spreadsheet formula', async () => {
  const w = await createAlarmWorld({ clock: () => new Date('2026-07-01T06:05:00Z') });
  await w.callers.installerA.alarm.create({ dashboardId: w.dashA.id, line: '=HYPERLINK("http://evil.example";"Klik")', priority: 'HIGH' });
  await w.callers.admin.alarmFolder.update({ folderId: w.foldersA.inbox, label: '@Inbox' });
  const token = (await w.h.signIn('inst-a@example.nl')).accessToken;
  const text = await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/alarms.csv`, { token })).text();
  expect(text.split('\r\n')[1]).toBe(`01-07-2026 08:05;Hoog;"'=HYPERLINK(""http://evil.example"";""Klik"")";;'@Inbox;;;;1`);
});
