/**
 * The live streams: ids and resuming from `Last-Event-ID`, and the end of a
 * stream once its reader may no longer watch, over REST and the tRPC subscription.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { type AlarmWorld, createAlarmWorld } from '../../testing/alarm-world';

const V1 = '/api/v1/alarms';
const HEARTBEAT_MS = 50;
let world: AlarmWorld | undefined;
/** Ends every stream a test opened before its world closes (as a client that goes away does). */
let streams = new AbortController();
afterEach(async () => {
  streams.abort();
  streams = new AbortController();
  await world?.h.close();
  world = undefined;
});

async function liveWorld() {
  world = await createAlarmWorld({ liveHeartbeatMs: HEARTBEAT_MS });
  return world;
}

/** Reads an event stream's text as it comes; `until` waits for a piece of it, `ended` for its end. */
function reader(res: Response) {
  const body = res.body!.getReader();
  let text = '';
  let done = false;
  const more = async () => {
    const chunk = await body.read();
    if (chunk.done) done = true;
    else text += new TextDecoder().decode(chunk.value);
  };
  return {
    get text() {
      return text;
    },
    async until(piece: string | RegExp) {
      while (!(typeof piece === 'string' ? text.includes(piece) : piece.test(text))) {
        if (done) throw new Error(`the stream ended before ${String(piece)}:\n${text}`);
        await more();
      }
    },
    /** Resolves with how long the stream took to end. */
    async ended() {
      const start = performance.now();
      while (!done) await more();
      return performance.now() - start;
    },
    cancel: () => body.cancel(),
  };
}

const rest = (w: AlarmWorld, token: string, headers: Record<string, string> = {}, dashboardId = w.dashA.id) =>
  w.h.request(`${V1}/dashboards/${dashboardId}/events`, { token, headers, signal: streams.signal });
const subscription = (w: AlarmWorld, token: string, input: object = {}, dashboardId = w.dashA.id) =>
  w.h.request(`/trpc/alarm.live?input=${encodeURIComponent(JSON.stringify({ dashboardId, ...input }))}`, { token, signal: streams.signal });

const ids = (text: string) => [...text.matchAll(/^id: ?(\d+)$/gm)].map((m) => Number(m[1]));
const createAlarm = async (w: AlarmWorld, line: string) => (await w.callers.admin.alarm.create({ dashboardId: w.dashA.id, line })).id;

describe('ids and resuming', () => {
  test('the REST stream gives every event an id and, given Last-Event-ID, sends what was missed', async () => {
    const w = await liveWorld();
    const first = reader(await rest(w, w.tokens.installerA));
    const one = await createAlarm(w, 'een');
    await first.until('event: counts');
    const lastSeen = Math.max(...ids(first.text));
    await first.cancel();
    // While nobody listens: another alarm.
    const two = await createAlarm(w, 'twee');
    const again = reader(await rest(w, w.tokens.installerA, { 'Last-Event-ID': String(lastSeen) }));
    await again.until('event: counts');
    expect(again.text).toContain(`"alarmId":${two}`);
    expect(again.text).not.toContain(`"alarmId":${one}`);
    expect(Math.min(...ids(again.text))).toBeGreaterThan(lastSeen);
    await again.cancel();
  });

  test('an id older than what is held (or from before a restart) answers one resync event', async () => {
    const w = await liveWorld();
    await createAlarm(w, 'een');
    const stale = reader(await rest(w, w.tokens.installerA, { 'Last-Event-ID': '1' }));
    await stale.until('event: resync');
    // Nothing is replayed before it (on PostgreSQL the alarm's own event may still come in live after it).
    expect(stale.text.split('event: resync')[0]).not.toContain('event: alarm');
    await stale.cancel();
  });

  test('the tRPC subscription yields tracked events and resumes from lastEventId', async () => {
    const w = await liveWorld();
    const first = reader(await subscription(w, w.tokens.installerA));
    const one = await createAlarm(w, 'een');
    // tRPC writes an event's id after its data.
    await first.until(/"event":"counts".*\nid: \d+\n/);
    const lastSeen = ids(first.text).at(-1)!;
    await first.cancel();
    const two = await createAlarm(w, 'twee');
    const again = reader(await subscription(w, w.tokens.installerA, { lastEventId: String(lastSeen) }));
    await again.until('"event":"counts"');
    expect(again.text).toContain(`"alarmId":${two}`);
    expect(again.text).not.toContain(`"alarmId":${one}`);
    await again.cancel();
  });
});

describe('the console subscription carries the rows its lists show', () => {
  test("a new alarm's event carries its list row with its folder; the REST stream keeps the bare event", async () => {
    const w = await liveWorld();
    const live = reader(await subscription(w, w.tokens.installerA));
    const plain = reader(await rest(w, w.tokens.installerA));
    const id = await createAlarm(w, 'pomp 3 storing');
    await live.until('"event":"counts"');
    const line = live.text.split('\n').find((l) => l.includes(`"alarmId":${id}`))!;
    const { row } = (JSON.parse(line.replace(/^data: ?/, '')) as { data: { row: Record<string, unknown> } }).data;
    expect(row).toMatchObject({ id, line: 'pomp 3 storing', folderId: w.foldersA.inbox, assignees: [], source: 'MANUAL', resolvedAt: null });
    await plain.until('event: counts');
    expect(plain.text).not.toContain('"row"');
    await live.cancel();
    await plain.cancel();
  });

  test('an alarm deleted for good carries no row', async () => {
    const w = await liveWorld();
    const id = await createAlarm(w, 'weg');
    const live = reader(await subscription(w, w.tokens.installerA));
    // The first delete moves it to the bin (that event carries its row in the bin); on PostgreSQL its
    // event may come in late, so the second delete's event is read only after it.
    await w.callers.admin.alarm.delete({ alarmId: id });
    await live.until(/"type":"moved".*\n/);
    const before = live.text.length;
    await w.callers.admin.alarm.delete({ alarmId: id });
    await live.until('"type":"deleted"');
    expect(live.text.slice(before)).toContain('"type":"deleted"');
    expect(live.text.slice(before)).not.toContain('"row"');
    await live.cancel();
  });
});

describe('a stream ends when its reader may no longer watch', () => {
  type Revoke = (w: AlarmWorld) => unknown;
  const revocations: Record<string, Revoke> = {
    'after logout': (w) => w.h.request('/auth/logout', { method: 'POST', token: w.tokens.installerA, json: {} }),
    'after a password change revoked the session': (w) =>
      w.callers.admin.user.updatePassword({ userId: w.ids.installerA, password: 'een heel nieuw wachtwoord' }),
    'after the installer moved to another organization': (w) =>
      w.callers.admin.user.update({ userId: w.ids.installerA, email: 'inst-a@example.nl', fullName: 'A', organizationId: w.orgB }),
    'after the installer was deleted': (w) => w.callers.admin.user.delete({ userId: w.ids.installerA }),
    'after the dashboard was deleted': (w) => w.callers.admin.alarmDashboard.delete({ dashboardId: w.dashA.id }),
  };

  for (const [when, revoke] of Object.entries(revocations)) {
    test(`REST, ${when}: within one heartbeat`, async () => {
      const w = await liveWorld();
      const stream = reader(await rest(w, w.tokens.installerA));
      await stream.until(': heartbeat');
      await revoke(w);
      expect(await stream.ended()).toBeLessThan(HEARTBEAT_MS * 2 + 500);
    });

    test(`tRPC subscription, ${when}: an error, then the end`, async () => {
      const w = await liveWorld();
      const stream = reader(await subscription(w, w.tokens.installerA));
      await stream.until('event: connected');
      await revoke(w);
      expect(await stream.ended()).toBeLessThan(HEARTBEAT_MS * 2 + 500);
      expect(stream.text).toMatch(/event: serialized-error\ndata: .*"code":"(UNAUTHORIZED|NOT_FOUND)"/);
    });
  }

  // A quiet dashboard: no event and no heartbeat (a minute) would wake the stream; it must end anyway, within a few seconds.
  for (const when of [
    'after logout',
    'after the installer was deleted',
    'after the installer moved to another organization',
    'after the dashboard was deleted',
  ]) {
    test(`quiet dashboard, ${when}: REST and tRPC streams end within a few seconds, without waiting for an event or heartbeat`, async () => {
      world = await createAlarmWorld({ liveHeartbeatMs: 60_000 });
      const w = world;
      const viaRest = reader(await rest(w, w.tokens.installerA));
      const viaTrpc = reader(await subscription(w, w.tokens.installerA));
      await viaRest.until(': connected');
      await viaTrpc.until('event: connected');
      await revocations[when]!(w);
      const [restEnded, trpcEnded] = await Promise.all([viaRest.ended(), viaTrpc.ended()]);
      expect(restEnded).toBeLessThan(5_000);
      expect(trpcEnded).toBeLessThan(5_000);
      expect(viaTrpc.text).toMatch(/event: serialized-error\ndata: .*"code":"(UNAUTHORIZED|NOT_FOUND)"/);
    }, 15_000);
  }

  test('an event is checked too: after logout it is not delivered', async () => {
    world = await createAlarmWorld({ liveHeartbeatMs: 60_000 });
    const w = world;
    const stream = reader(await rest(w, w.tokens.installerA));
    await stream.until(': connected');
    await w.h.request('/auth/logout', { method: 'POST', token: w.tokens.installerA, json: {} });
    const alarm = await createAlarm(w, 'na het uitloggen');
    await stream.ended();
    expect(stream.text).not.toContain(`"alarmId":${alarm}`);
  });

  test('a foreign dashboard is absent at opening, over REST (404) and the subscription (NOT_FOUND)', async () => {
    const w = await liveWorld();
    expect((await rest(w, w.tokens.installerB)).status).toBe(404);
    const stream = reader(await subscription(w, w.tokens.installerB));
    await stream.ended();
    expect(stream.text).toMatch(/"code":"NOT_FOUND"/);
  });
});
