import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { createWorld } from '../../testing/world';
import { onCallAt } from './schedules.service';

/** Monday 2 November 2026, 12:00 in Amsterdam. */
const NOW = new Date('2026-11-02T11:00:00Z');

/** Organization A with three installers (Jan, Piet, Kees) besides the standard world. */
async function firm() {
  const w = await createWorld({ clock: () => NOW });
  const jan = await w.h.user('installer', 'jan@example.nl', { organizationId: w.orgA });
  const piet = await w.h.user('installer', 'piet@example.nl', { organizationId: w.orgA });
  const kees = await w.h.user('installer', 'kees@example.nl', { organizationId: w.orgA });
  const janToken = (await w.h.signIn('jan@example.nl')).accessToken;
  return { ...w, jan, piet, kees, janToken };
}
type Firm = Awaited<ReturnType<typeof firm>>;

/** Days 08:00–18:00 in turn (Jan, Piet), Kees every night; the rota starts on Monday 2 November. */
const rota = (w: Firm) => ({
  name: 'Storingsdienst',
  layers: [
    { name: 'Dag', users: [w.jan, w.piet], start: '2026-11-02T08:00', shift: { unit: 'DAY', count: 1 } },
    {
      name: 'Nacht',
      users: [w.kees],
      start: '2026-11-02T18:00',
      shift: { unit: 'WEEK', count: 1 },
      restrictions: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '18:00', to: '08:00' }],
    },
  ],
});

async function created(w: Firm, token = w.tokens.installerA) {
  const res = await w.h.request(`/api/v1/organizations/${w.orgA}/schedules`, { method: 'POST', token, json: rota(w) });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; layers: unknown[] };
}

describe('schedules over REST', () => {
  test('an installer creates, reads, lists, renames and deletes a schedule of the organization', async () => {
    const w = await firm();
    const schedule = await created(w);
    expect(schedule).toEqual({ id: schedule.id, organizationId: w.orgA, organizationName: 'Alfa Installaties', overrides: [], ...rota(w) });
    const list = await w.h.request(`/api/v1/organizations/${w.orgA}/schedules`, { token: w.tokens.installerA });
    expect((await list.json()).map((s: { name: string }) => s.name)).toEqual(['Storingsdienst']);
    const patched = await w.h.request(`/api/v1/schedules/${schedule.id}`, { method: 'PATCH', token: w.tokens.admin, json: { name: 'Piket' } });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ name: 'Piket', layers: rota(w).layers });
    const deleted = await w.h.request(`/api/v1/schedules/${schedule.id}`, { method: 'DELETE', token: w.tokens.installerA });
    expect(deleted.status).toBe(204);
    expect((await w.h.request(`/api/v1/schedules/${schedule.id}`, { token: w.tokens.installerA })).status).toBe(404);
  });

  test('PATCH with layers replaces them as a whole', async () => {
    const w = await firm();
    const { id } = await created(w);
    const layers = [{ name: 'Week', users: [w.piet, w.jan], start: '2026-11-02T08:00', shift: { unit: 'WEEK', count: 2 } }];
    const res = await w.h.request(`/api/v1/schedules/${id}`, { method: 'PATCH', token: w.tokens.installerA, json: { layers } });
    expect((await res.json()).layers).toEqual(layers);
  });

  test('on-call answers who is on call at a moment and until the next change, in local ISO', async () => {
    const w = await firm();
    const { id } = await created(w);
    const now = await w.h.request(`/api/v1/schedules/${id}/on-call`, { token: w.tokens.installerA });
    expect(await now.json()).toEqual({ users: [{ id: w.jan, name: 'jan' }], until: '2026-11-02T18:00:00+01:00' });
    const night = await w.h.request(`/api/v1/schedules/${id}/on-call?at=${encodeURIComponent('2026-11-03T02:00:00+01:00')}`, { token: w.tokens.installerA });
    expect(await night.json()).toEqual({ users: [{ id: w.kees, name: 'kees' }], until: '2026-11-03T08:00:00+01:00' });
    // A local wall time is read in Amsterdam.
    const local = await w.h.request(`/api/v1/schedules/${id}/on-call?at=2026-11-03T09:00`, { token: w.tokens.installerA });
    expect((await local.json()).users).toEqual([{ id: w.piet, name: 'piet' }]);
  });

  test('shifts answers the merged rota of a period with the layer of each shift', async () => {
    const w = await firm();
    const { id } = await created(w);
    const res = await w.h.request(`/api/v1/schedules/${id}/shifts?from=2026-11-02&to=2026-11-03T18:00`, { token: w.tokens.installerA });
    expect(await res.json()).toEqual({
      shifts: [
        { userId: w.jan, name: 'jan', start: '2026-11-02T08:00:00+01:00', end: '2026-11-02T18:00:00+01:00', layer: 'Dag' },
        { userId: w.kees, name: 'kees', start: '2026-11-02T18:00:00+01:00', end: '2026-11-03T08:00:00+01:00', layer: 'Nacht' },
        { userId: w.piet, name: 'piet', start: '2026-11-03T08:00:00+01:00', end: '2026-11-03T18:00:00+01:00', layer: 'Dag' },
      ],
    });
  });

  test('an override puts its user on call instead of the layers, and removing it restores them', async () => {
    const w = await firm();
    const { id } = await created(w);
    // Jan neemt de nacht van Kees over.
    const res = await w.h.request(`/api/v1/schedules/${id}/overrides`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { userId: w.jan, from: '2026-11-02T18:00', to: '2026-11-03T08:00' },
    });
    expect(res.status).toBe(201);
    const override = await res.json();
    expect(override).toEqual({ id: override.id, scheduleId: id, userId: w.jan, name: 'jan', from: '2026-11-02T18:00', to: '2026-11-03T08:00' });
    const night = await w.h.request(`/api/v1/schedules/${id}/on-call?at=2026-11-02T23:00`, { token: w.tokens.installerA });
    expect(await night.json()).toEqual({ users: [{ id: w.jan, name: 'jan' }], until: '2026-11-03T08:00:00+01:00' });
    const shifts = await w.h.request(`/api/v1/schedules/${id}/shifts?from=2026-11-02T18:00&to=2026-11-03T08:00`, { token: w.tokens.installerA });
    expect((await shifts.json()).shifts).toEqual([
      { userId: w.jan, name: 'jan', start: '2026-11-02T18:00:00+01:00', end: '2026-11-03T08:00:00+01:00', layer: 'override' },
    ]);
    expect((await (await w.h.request(`/api/v1/schedules/${id}`, { token: w.tokens.installerA })).json()).overrides).toEqual([
      { id: override.id, userId: w.jan, name: 'jan', from: '2026-11-02T18:00', to: '2026-11-03T08:00' },
    ]);
    expect((await w.h.request(`/api/v1/overrides/${override.id}`, { method: 'DELETE', token: w.tokens.installerA })).status).toBe(204);
    const after = await w.h.request(`/api/v1/schedules/${id}/on-call?at=2026-11-02T23:00`, { token: w.tokens.installerA });
    expect((await after.json()).users).toEqual([{ id: w.kees, name: 'kees' }]);
  });

  test('a swap that already happened is recorded: on call at that past moment honours it, and the rota of then shows it', async () => {
    const w = await firm();
    const { id } = await created(w);
    // This morning's day shift was Jan's; Piet took 08:00–10:00 over, and the firm records it at noon.
    const res = await w.h.request(`/api/v1/schedules/${id}/overrides`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { userId: w.piet, from: '2026-11-02T08:00', to: '2026-11-02T10:00' },
    });
    expect(res.status).toBe(201);
    expect(await onCallAt(w.h, id, new Date('2026-11-02T08:30:00Z'))).toEqual({ users: [{ id: w.piet, name: 'piet' }], until: '2026-11-02T10:00:00+01:00' });
    const at = (moment: string) => w.h.request(`/api/v1/schedules/${id}/on-call?at=${moment}`, { token: w.tokens.installerA });
    expect((await (await at('2026-11-02T09:00')).json()).users).toEqual([{ id: w.piet, name: 'piet' }]);
    expect((await (await at('2026-11-02T10:30')).json()).users).toEqual([{ id: w.jan, name: 'jan' }]);
    const shifts = await w.h.request(`/api/v1/schedules/${id}/shifts?from=2026-11-02T08:00&to=2026-11-02T18:00`, { token: w.tokens.installerA });
    expect((await shifts.json()).shifts).toEqual([
      { userId: w.piet, name: 'piet', start: '2026-11-02T08:00:00+01:00', end: '2026-11-02T10:00:00+01:00', layer: 'override' },
      { userId: w.jan, name: 'jan', start: '2026-11-02T10:00:00+01:00', end: '2026-11-02T18:00:00+01:00', layer: 'Dag' },
    ]);
    // An override before the rota began counts too: the night of 28 October was Kees's by agreement.
    expect(
      (
        await w.h.request(`/api/v1/schedules/${id}/overrides`, {
          method: 'POST',
          token: w.tokens.installerA,
          json: { userId: w.kees, from: '2026-10-28T18:00', to: '2026-10-29T08:00' },
        })
      ).status,
    ).toBe(201);
    expect((await (await at('2026-10-28T23:00')).json()).users).toEqual([{ id: w.kees, name: 'kees' }]);
    // The schedule lists the overrides still to come or running; these two have ended.
    expect((await (await w.h.request(`/api/v1/schedules/${id}`, { token: w.tokens.installerA })).json()).overrides).toEqual([]);
  });

  test('onCallAt, for the escalation engine, answers the same by schedule id and nobody for a deleted one', async () => {
    const w = await firm();
    const { id } = await created(w);
    expect(await onCallAt(w.h, id, new Date('2026-11-02T20:00:00Z'))).toEqual({ users: [{ id: w.kees, name: 'kees' }], until: '2026-11-03T08:00:00+01:00' });
    expect(await onCallAt(w.h, 999_999, NOW)).toEqual({ users: [], until: null });
  });
});

describe('tenancy', () => {
  test("another organization's schedule and override answer exactly like absent ones (404), a customer 403", async () => {
    const w = await firm();
    const { id } = await created(w);
    const override = await (
      await w.h.request(`/api/v1/schedules/${id}/overrides`, {
        method: 'POST',
        token: w.tokens.admin,
        json: { userId: w.jan, from: '2026-11-04T18:00', to: '2026-11-05T08:00' },
      })
    ).json();
    const paths: [string, string][] = [
      ['GET', `/api/v1/schedules/${id}`],
      ['PATCH', `/api/v1/schedules/${id}`],
      ['DELETE', `/api/v1/schedules/${id}`],
      ['GET', `/api/v1/schedules/${id}/on-call`],
      ['GET', `/api/v1/schedules/${id}/shifts?from=2026-11-02&to=2026-11-03`],
      ['DELETE', `/api/v1/overrides/${override.id}`],
      ['GET', `/api/v1/organizations/${w.orgA}/schedules`],
    ];
    for (const [method, path] of paths) {
      const json = method === 'PATCH' ? { name: 'X' } : undefined;
      const foreign = await w.h.request(path, { method, token: w.tokens.installerB, json });
      const absent = await w.h.request(path.replace(/\/\d+/, '/999999'), { method, token: w.tokens.installerB, json });
      expect([path, foreign.status, absent.status]).toEqual([path, 404, 404]);
      expect((await foreign.json()).error.code).toBe((await absent.json()).error.code);
      expect((await w.h.request(path, { method, token: w.tokens.customerA, json })).status).toBe(403);
    }
    // Nothing of A changed.
    expect((await (await w.h.request(`/api/v1/schedules/${id}`, { token: w.tokens.admin })).json()).overrides).toHaveLength(1);
  });

  test('an installer cannot create a schedule in another organization', async () => {
    const w = await firm();
    const res = await w.h.request(`/api/v1/organizations/${w.orgA}/schedules`, { method: 'POST', token: w.tokens.installerB, json: { name: 'X', layers: [] } });
    expect(res.status).toBe(404);
  });
});

describe('validation', () => {
  const post = (w: Firm, json: unknown) => w.h.request(`/api/v1/organizations/${w.orgA}/schedules`, { method: 'POST', token: w.tokens.installerA, json });
  const fieldErrors = async (res: Response) => {
    expect(res.status).toBe(400);
    return (await res.json()).error.fieldErrors as Record<string, string[]>;
  };

  test('a layer with a user outside the organization names the field; nothing is stored', async () => {
    const w = await firm();
    const layers = rota(w).layers;
    const errors = await fieldErrors(await post(w, { ...rota(w), layers: [layers[0], { ...layers[1], users: [w.kees, w.ids.installerB] }] }));
    expect(errors['layers.1.users']![0]).toContain('hoort niet bij deze organisatie');
    const customer = await fieldErrors(await post(w, { ...rota(w), layers: [{ ...layers[0], users: [w.ids.customerA] }] }));
    expect(Object.keys(customer)).toEqual(['layers.0.users']);
    expect(await (await w.h.request(`/api/v1/organizations/${w.orgA}/schedules`, { token: w.tokens.installerA })).json()).toEqual([]);
  });

  test('bad layer fields get Dutch messages per field', async () => {
    const w = await firm();
    const layer = rota(w).layers[0]!;
    const errors = await fieldErrors(
      await post(w, {
        name: '',
        layers: [
          { ...layer, users: [], start: '2026-02-30T08:00', shift: { unit: 'MONTH', count: 5 } },
          { ...layer, restrictions: [{ days: [0, 8], from: '25:00', to: '7:00' }] },
        ],
      }),
    );
    expect(errors).toMatchObject({
      name: ['Geef het rooster een naam.'],
      'layers.0.users': ['Kies minstens één persoon voor deze laag.'],
      'layers.0.start': ['Het begin bestaat niet: kies een geldige datum en tijd.'],
      'layers.0.shift.unit': ['Een dienst duurt een aantal dagen (DAY) of weken (WEEK).'],
      'layers.0.shift.count': ['Een dienst duurt 1 tot 4 dagen of weken.'],
      'layers.1.restrictions.0.from': ['Geef het begin als 18:00 (uren 00–23, minuten 00–59).'],
      'layers.1.restrictions.0.to': ['Geef het einde als 18:00 (uren 00–23, minuten 00–59).'],
    });
    expect(errors['layers.1.restrictions.0.days.0']).toEqual(['Een dag is een getal van 1 (maandag) tot 7 (zondag).']);
  });

  test('a start the clock skips in spring is refused', async () => {
    const w = await firm();
    const errors = await fieldErrors(await post(w, { name: 'X', layers: [{ ...rota(w).layers[0], start: '2027-03-28T02:30' }] }));
    expect(errors['layers.0.start']![0]).toContain('bestaat niet');
  });

  test('a second schedule of the same name in the organization is a conflict', async () => {
    const w = await firm();
    await created(w);
    const res = await post(w, rota(w));
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('Deze naam is al in gebruik.');
  });

  test('overrides: a member of the organization and an end after the start', async () => {
    const w = await firm();
    const { id } = await created(w);
    const override = (json: object) => w.h.request(`/api/v1/schedules/${id}/overrides`, { method: 'POST', token: w.tokens.installerA, json });
    expect(Object.keys(await fieldErrors(await override({ userId: w.ids.installerB, from: '2026-11-03T18:00', to: '2026-11-04T08:00' })))).toEqual(['userId']);
    expect(await fieldErrors(await override({ userId: w.jan, from: '2026-11-04T08:00', to: '2026-11-03T18:00' }))).toEqual({
      to: ['Het einde moet na het begin liggen.'],
    });
    expect(Object.keys(await fieldErrors(await override({ userId: w.jan, from: 'morgen', to: '2026-11-04T08:00' })))).toEqual(['from']);
  });

  test('shifts: the period must run forward and last at most 366 days; a bad moment names its field', async () => {
    const w = await firm();
    const { id } = await created(w);
    const shifts = (query: string) => w.h.request(`/api/v1/schedules/${id}/shifts?${query}`, { token: w.tokens.installerA });
    expect(await fieldErrors(await shifts('from=2026-11-03&to=2026-11-02'))).toEqual({ to: ['Het einde moet na het begin liggen.'] });
    expect(await fieldErrors(await shifts('from=2026-01-01&to=2027-01-03'))).toEqual({ to: ['Kies een periode van hoogstens 366 dagen.'] });
    expect(Object.keys(await fieldErrors(await shifts('from=gisteren&to=2026-11-02')))).toEqual(['from']);
    expect((await shifts('from=2026-01-01&to=2027-01-01')).status).toBe(200);
  });
});

describe('the calendar feed', () => {
  test('one VEVENT per shift of the user, in UTC, with a Dutch summary, parsed back', async () => {
    const w = await firm();
    const { id } = await created(w);
    await w.h.request(`/api/v1/schedules/${id}/overrides`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: { userId: w.jan, from: '2026-11-05T18:00', to: '2026-11-06T08:00' },
    });
    const { url } = await (await w.h.request('/api/v1/users/me/calendar-url', { token: w.janToken })).json();
    expect(url).toMatch(/^http:\/\/energiebeheer\.test\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await w.h.request(new URL(url).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    // Jan has every other day from Monday 2 November to eight weeks ahead (29, the last one cut at 12:00) and Thursday night by override.
    expect(events).toHaveLength(30);
    expect(events.every((e) => e.summary === 'Piketdienst Storingsdienst')).toBe(true);
    const first = events[0]!;
    expect([first.startDate.toJSDate().toISOString(), first.endDate.toJSDate().toISOString()]).toEqual([
      '2026-11-02T07:00:00.000Z',
      '2026-11-02T17:00:00.000Z',
    ]);
    expect(first.startDate.zone.tzid).toBe('UTC');
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    const night = events.find((e) => e.description === 'Vervanging')!;
    expect([night.startDate.toJSDate().toISOString(), night.endDate.toJSDate().toISOString()]).toEqual([
      '2026-11-05T17:00:00.000Z',
      '2026-11-06T07:00:00.000Z',
    ]);
  });

  test('a long schedule name is folded at 75 octets as RFC 5545 asks and reads back whole', async () => {
    const w = await firm();
    const name = 'Storingsdienst warmtepompen en zonnepanelen regio Zuid-Holland — één team';
    await w.h.request(`/api/v1/organizations/${w.orgA}/schedules`, { method: 'POST', token: w.tokens.installerA, json: { ...rota(w), name } });
    const { url } = await (await w.h.request('/api/v1/users/me/calendar-url', { token: w.janToken })).json();
    const text = await (await w.h.request(new URL(url).pathname)).text();
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events[0]!.summary).toBe(`Piketdienst ${name}`);
  });

  test('the address stays the same until reset; a reset kills the old address at once', async () => {
    const w = await firm();
    const first = (await (await w.h.request('/api/v1/users/me/calendar-url', { token: w.janToken })).json()).url;
    expect((await (await w.h.request('/api/v1/users/me/calendar-url', { token: w.janToken })).json()).url).toBe(first);
    const reset = await w.h.request('/api/v1/users/me/calendar-url/reset', { method: 'POST', token: w.janToken });
    expect(reset.status).toBe(200);
    const second = (await reset.json()).url;
    expect(second).not.toBe(first);
    expect((await w.h.request(new URL(first).pathname)).status).toBe(404);
    expect((await w.h.request(new URL(second).pathname)).status).toBe(200);
    expect((await (await w.h.request('/api/v1/users/me/calendar-url', { token: w.janToken })).json()).url).toBe(second);
    // The token is stored only hashed and sealed.
    const stored = await w.h.db.selectFrom('calendarFeed').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(new URL(second).pathname.split('/').at(-1)!.replace('.ics', ''));
  });

  test('an unknown or malformed token is a 404; a customer has no feed', async () => {
    const w = await firm();
    expect((await w.h.request(`/api/v1/calendar/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await w.h.request('/api/v1/calendar/kort.ics')).status).toBe(404);
    expect((await w.h.request('/api/v1/users/me/calendar-url', { token: w.tokens.customerA })).status).toBe(403);
    expect((await w.h.request('/api/v1/users/me/calendar-url')).status).toBe(401);
  });
});
