import { afterAll, beforeAll, describe, expect, test, onTestFinished } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { type TestDovecot, dovecotAvailable, startDovecot } from '../../testing/dovecot';
import { connectImap } from './imap/imap-fetch';
import { MAIL_FETCH_JOB } from './mail-sources.jobs';
import { NO_PARSER_REASON } from '../alarm-parsers/parse-pipeline';

const available = dovecotAvailable();
const V1 = '/api/v1/alarms';
let dovecot: TestDovecot;
beforeAll(async () => {
  if (available) dovecot = await startDovecot({ users: { 'gbs@example.nl': 'mailbox-wachtwoord' } });
});
afterAll(() => dovecot?.close());

const imapSource = (overrides: Record<string, unknown> = {}) => ({
  type: 'IMAP',
  name: 'GBS meldingen',
  imapHost: '127.0.0.1',
  imapPort: dovecot.port,
  imapSecure: false,
  imapUsername: 'gbs@example.nl',
  imapPassword: 'mailbox-wachtwoord',
  imapInputFolder: 'INBOX',
  ...overrides,
});

async function deliver(subjects: string[]) {
  const client = connectImap({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    username: 'gbs@example.nl',
    password: 'mailbox-wachtwoord',
    inputFolder: 'INBOX',
  });
  await client.connect();
  for (const s of subjects)
    await client.append('INBOX', `From: GBS <gbs@example.nl>\r\nSubject: ${s}\r\nMessage-ID: <${s.replace(/\W/g, '')}-${Math.random()}@x>\r\n\r\n${s}\r\n`);
  await client.logout();
}

describe.runIf(available)('mail sources', () => {
  test('add an IMAP source (secret write-only), test the connection, fetch now, and read the inbox', async () => {
    const w = await createAlarmWorld();
    const created = await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, { method: 'POST', token: w.tokens.installerA, json: imapSource() });
    expect(created.status).toBe(201);
    const source = await created.json();
    expect(source).toMatchObject({ type: 'IMAP', imapPassword: null, clientSecret: null, status: { lastCheckedAt: null, lastError: null, messagesStored: 0 } });
    expect(JSON.stringify(await w.h.db.selectFrom('mailSource').select('secret').execute())).not.toContain('mailbox-wachtwoord');
    await deliver(['Storing pomp 1', 'Storing pomp 2']);
    const tested = await (await w.h.request(`${V1}/sources/${source.id}/test`, { method: 'POST', token: w.tokens.installerA })).json();
    expect(tested).toMatchObject({ ok: true, messageCount: 2 });
    const fetched = await (await w.h.request(`${V1}/sources/${source.id}/fetch-now`, { method: 'POST', token: w.tokens.installerA })).json();
    expect(fetched.status).toMatchObject({ lastError: null, messagesStored: 2 });
    // Stored mail goes to the parse queue at once (the harness runs no schedule): no parsers, so REJECTED.
    const readInbox = async () => (await w.h.request(`${V1}/dashboards/${w.dashA.id}/emails?page=0&size=20`, { token: w.tokens.installerA })).json();
    let inbox = await readInbox();
    for (let i = 0; i < 100 && inbox.emails.some((e: { parsingStatus: string }) => e.parsingStatus === 'PENDING'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      inbox = await readInbox();
    }
    expect(inbox.emails.map((e: { subject: string; parsingStatus: string }) => [e.subject, e.parsingStatus])).toEqual([
      ['Storing pomp 2', 'REJECTED'],
      ['Storing pomp 1', 'REJECTED'],
    ]);
    const email = await (await w.h.request(`${V1}/emails/${inbox.emails[0].id}`, { token: w.tokens.installerA })).json();
    expect(email).toMatchObject({ subject: 'Storing pomp 2', message: 'Storing pomp 2\n', from: [{ address: 'gbs@example.nl', name: 'GBS' }] });
    expect(await (await w.h.request(`${V1}/emails/${email.id}/parsing-attempts`, { token: w.tokens.installerA })).json()).toMatchObject([
      { type: 'REJECTED', parser: null, reason: NO_PARSER_REASON },
    ]);
    expect((await w.h.request(`${V1}/emails/${email.id}`, { token: w.tokens.installerB })).status).toBe(404);
  });

  test('a PATCH without the password keeps it; a wrong password is a Dutch error on the source and in the test, and nothing is lost', async () => {
    const w = await createAlarmWorld();
    const source = await (
      await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, {
        method: 'POST',
        token: w.tokens.installerA,
        json: imapSource({ imapInputFolder: 'INBOX' }),
      })
    ).json();
    const renamed = await w.h.request(`${V1}/sources/${source.id}`, {
      method: 'PATCH',
      token: w.tokens.installerA,
      json: { name: 'Hernoemd', imapPassword: null },
    });
    expect((await renamed.json()).name).toBe('Hernoemd');
    expect((await (await w.h.request(`${V1}/sources/${source.id}/test`, { method: 'POST', token: w.tokens.installerA })).json()).ok).toBe(true);
    await w.h.request(`${V1}/sources/${source.id}`, { method: 'PATCH', token: w.tokens.installerA, json: { imapPassword: 'fout-wachtwoord' } });
    const failing = await (await w.h.request(`${V1}/sources/${source.id}/test`, { method: 'POST', token: w.tokens.installerA })).json();
    expect(failing).toEqual({ ok: false, message: `De IMAP-server 127.0.0.1:${dovecot.port} weigert de gebruikersnaam of het wachtwoord.` });
    const after = await (await w.h.request(`${V1}/sources/${source.id}/fetch-now`, { method: 'POST', token: w.tokens.installerA })).json();
    expect(after.status.lastError).toContain('weigert de gebruikersnaam of het wachtwoord');
  });

  test('a PATCH with a field of the other type of source is a 400 on that field and stores nothing', async () => {
    const w = await createAlarmWorld();
    const source = await (
      await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, { method: 'POST', token: w.tokens.installerA, json: imapSource({}) })
    ).json();
    const res = await w.h.request(`${V1}/sources/${source.id}`, {
      method: 'PATCH',
      token: w.tokens.installerA,
      json: { name: 'Hernoemd', tenantId: 'contoso', clientSecret: 'geheim' },
    });
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(Object.keys(answer.error.fieldErrors)).toEqual(['tenantId']);
    expect(answer.error.fieldErrors.tenantId).toEqual(['Dit veld hoort bij een Microsoft 365-bron; deze bron is IMAP.']);
    const list = await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, { token: w.tokens.installerA })).json();
    const after = list.find((s: { id: number }) => s.id === source.id);
    expect(after.name).toBe(source.name);
    expect(after.tenantId ?? null).toBeNull();
  });

  test('a receiving address (SMTP) takes neither mailbox field nor secret in a PATCH: a 400 on the field, its password unchanged', async () => {
    const w = await createAlarmWorld();
    const { id } = await w.callers.admin.mailSource.createAddress({ dashboardId: w.dashA.id, name: 'Beveiligd', password: 'een-lang-wachtwoord' });
    for (const [field, value, owner] of [
      ['clientSecret', 'ander-geheim', 'Microsoft 365'],
      ['imapPassword', 'ander-wachtwoord', 'IMAP'],
      ['tenantId', 'contoso', 'Microsoft 365'],
    ] as const) {
      const res = await w.h.request(`${V1}/sources/${id}`, { method: 'PATCH', token: w.tokens.installerA, json: { [field]: value } });
      expect(res.status, field).toBe(400);
      expect((await res.json()).error.fieldErrors).toEqual({ [field]: [`Dit veld hoort bij een ${owner}-bron; deze bron is een ontvangstadres (SMTP).`] });
    }
    const row = await w.h.db.selectFrom('mailSource').select(['secret', 'tenantId']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(w.h.secrets.open<string>(row.secret!)).toBe('een-lang-wachtwoord');
    expect(row.tenantId).toBeNull();
  });

  test('bad input: Dutch field errors, another dashboard’s folder refused, customers and other organizations kept out', async () => {
    const w = await createAlarmWorld();
    const bad = await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: imapSource({ imapPort: 70000, imapHost: 'bad host', imapPassword: '' }),
    });
    expect(Object.keys((await bad.json()).error.fieldErrors).sort()).toEqual(['imapHost', 'imapPassword', 'imapPort']);
    const foreign = await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, {
      method: 'POST',
      token: w.tokens.installerA,
      json: imapSource({ folderId: w.foldersB.inbox }),
    });
    expect(foreign.status).toBe(400);
    expect((await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, { token: w.tokens.customerA })).status).toBe(403);
    expect((await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, { token: w.tokens.installerB })).status).toBe(404);
    expect(await w.h.db.selectFrom('mailSource').select('id').execute()).toEqual([]);
  });

  test('the mail-fetch job fetches due sources; one failing source does not stop another', async () => {
    const w = await createAlarmWorld();
    await w.callers.installerA.mailSource.create({ dashboardId: w.dashA.id, ...imapSource({ name: 'Kapot', imapPort: 9 }) } as never);
    await w.callers.installerA.mailSource.create({ dashboardId: w.dashA.id, ...imapSource({ name: 'Goed' }) } as never);
    await deliver(['Via de job']);
    await w.h.jobs.runNow(MAIL_FETCH_JOB);
    const sources = await w.callers.installerA.mailSource.list({ dashboardId: w.dashA.id });
    expect(sources.map((s) => [s.name, s.status.lastError === null])).toEqual([
      ['Goed', true],
      ['Kapot', false],
    ]);
    expect(sources.find((s) => s.name === 'Goed')!.status.messagesStored).toBeGreaterThan(0);
  });
});

describe('Microsoft 365 sources', () => {
  test('through the Graph simulator: stored once, tagged after storing, secret write-only, a 401 tenant a Dutch error', async () => {
    const { startGraphSimulator } = await import('./graph/graph-simulator');
    const sim = await startGraphSimulator({ folders: ['Alarmen'] });
    onTestFinished(() => sim.close());
    const w = await createAlarmWorld({ graph: { loginUrl: sim.loginUrl, apiUrl: sim.apiUrl } });
    const json = sim.sourceSettings('Servicedesk', 'Alarmen');
    const source = await (await w.h.request(`${V1}/dashboards/${w.dashA.id}/email-alarm-sources`, { method: 'POST', token: w.tokens.installerA, json })).json();
    expect(source.clientSecret).toBeNull();
    sim.deliver('From: pv@example.nl\r\nSubject: Omvormer offline\r\nMessage-ID: <pv-1@example.nl>\r\n\r\nOmvormer 3 offline\r\n', { folder: 'Alarmen' });
    sim.deliver('From: pv@example.nl\r\nSubject: Omvormer offline\r\nMessage-ID: <pv-1@example.nl>\r\n\r\nOmvormer 3 offline\r\n', { folder: 'Alarmen' });
    const tested = await (await w.h.request(`${V1}/sources/${source.id}/test`, { method: 'POST', token: w.tokens.installerA })).json();
    expect(tested).toMatchObject({ ok: true, messageCount: 2 });
    const fetched = await (await w.h.request(`${V1}/sources/${source.id}/fetch-now`, { method: 'POST', token: w.tokens.installerA })).json();
    expect(fetched.status).toMatchObject({ lastError: null, messagesStored: 1 });
    expect(sim.messages('Alarmen').every((m) => m.categories.includes('Verwerkt'))).toBe(true);
    await w.h.request(`${V1}/sources/${source.id}`, { method: 'PATCH', token: w.tokens.installerA, json: { clientSecret: 'verkeerd-geheim' } });
    const refused = await (await w.h.request(`${V1}/sources/${source.id}/fetch-now`, { method: 'POST', token: w.tokens.installerA })).json();
    expect(refused.status.lastError).toContain('Microsoft 365 weigert de inloggegevens');
    expect(await w.h.db.selectFrom('alarmEmail').select('subject').execute()).toEqual([{ subject: 'Omvormer offline' }]);
  });
});

describe.runIf(available)('IDLE', () => {
  test('new mail arrives within seconds through IDLE, and again after Dovecot restarts', async () => {
    const w = await createAlarmWorld();
    // A long poll interval: only IDLE can bring the mail in quickly.
    await w.callers.installerA.mailSource.create({ dashboardId: w.dashA.id, ...imapSource({ name: 'Live', pollIntervalSeconds: 3600 }) } as never);
    await w.h.imapWatchers.start();
    onTestFinished(() => w.h.imapWatchers.stop());
    const subjects = async () => (await w.h.db.selectFrom('alarmEmail').select('subject').execute()).map((e) => e.subject);
    const before = (await subjects()).length;
    await deliver(['Live via IDLE']);
    // Seconds, not the poll interval (an hour); generous for a loaded CI machine: the bench measures the latency.
    await expect.poll(subjects, { timeout: 15_000, interval: 100 }).toContain('Live via IDLE');
    await dovecot.restart();
    await deliver(['Na herstart']);
    await expect.poll(subjects, { timeout: 15_000, interval: 200 }).toContain('Na herstart');
    expect(new Set(await subjects()).size).toBe((await subjects()).length);
    expect((await subjects()).length).toBeGreaterThanOrEqual(before + 2);
  }, 30_000);
});
