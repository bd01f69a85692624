/**
 * Parsers over REST: create at an index and reorder with dense indexes, PATCH per
 * type, delete keeping past attempts' names, bad input as 400 with Dutch field errors and nothing
 * stored, the settings rule, sources, the last 24 hours' counts, and dry runs that store nothing.
 */
import { describe, expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { addDefaultParser, addMailSource, attempts, deliver, drain, rawMail } from './parser-test-kit';

const V1 = '/api/v1/alarms';
const rules = (line: string, extra: object = {}) => ({ type: 'DEFAULT', name: line, config: { line, ...extra } });

async function world() {
  const w = await createAlarmWorld();
  const api = async (method: string, path: string, json?: unknown, token = w.tokens.installerA) => {
    const res = await w.h.request(`${V1}${path}`, { method, token, json });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  const order = async () =>
    ((await api('GET', `/dashboards/${w.dashA.id}/alarm-email-parsers`)).body as { name: string; index: number }[]).map((p) => [p.name, p.index]);
  return { w, api, order };
}

describe('CRUD and order', () => {
  test('create goes last unless an index is given; PATCH index moves one and shifts the others; DELETE closes the gap', async () => {
    const { w, api, order } = await world();
    const a = await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, rules('A'));
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: 'A', index: 0, enabled: true, type: 'DEFAULT', sourceId: null, last24h: { matched: 0, failed: 0, rejected: 0 } });
    await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, rules('B'));
    await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, { ...rules('C'), index: 1 });
    const d = await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, {
      type: 'CUSTOM',
      name: 'D',
      code: 'function parse(e) { return null; }',
      index: 99,
    });
    expect(d.body).toMatchObject({ type: 'CUSTOM', index: 3, code: 'function parse(e) { return null; }' });
    expect(await order()).toEqual([
      ['A', 0],
      ['C', 1],
      ['B', 2],
      ['D', 3],
    ]);

    const moved = await api('PATCH', `/alarm-email-parsers/${d.body.id}`, { index: 0, name: 'D2', enabled: false });
    expect(moved.body).toMatchObject({ name: 'D2', index: 0, enabled: false });
    expect(await order()).toEqual([
      ['D2', 0],
      ['A', 1],
      ['C', 2],
      ['B', 3],
    ]);
    await api('PATCH', `/alarm-email-parsers/${a.body.id}`, { index: 3 });
    expect(await order()).toEqual([
      ['D2', 0],
      ['C', 1],
      ['B', 2],
      ['A', 3],
    ]);
    expect((await api('DELETE', `/alarm-email-parsers/${moved.body.id}`)).status).toBe(204);
    expect(await order()).toEqual([
      ['C', 0],
      ['B', 1],
      ['A', 2],
    ]);
    expect((await api('GET', `/alarm-email-parsers/${moved.body.id}`)).status).toBe(404);
    expect((await api('GET', `/alarm-email-parsers/${a.body.id}`)).body).toMatchObject({ name: 'A', index: 2 });
    // Another organization's installer does not see it.
    expect((await api('GET', `/alarm-email-parsers/${a.body.id}`, undefined, w.tokens.installerB)).status).toBe(404);
  });

  test('PATCH config and code per type; a field of the other type is a 400 on that field', async () => {
    const { w, api } = await world();
    const rule = (await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, rules('Regel'))).body;
    const code = (
      await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, { type: 'CUSTOM', name: 'Code', code: 'function parse(e) { return null; }' })
    ).body;
    expect((await api('PATCH', `/alarm-email-parsers/${rule.id}`, { config: { line: 'Nieuw {{subject}}' } })).body.config).toEqual({
      match: {},
      line: 'Nieuw {{subject}}',
    });
    expect((await api('PATCH', `/alarm-email-parsers/${code.id}`, { code: 'function parse(e) { return { line: "x" }; }' })).body.code).toContain('"x"');
    const wrongCode = await api('PATCH', `/alarm-email-parsers/${rule.id}`, { code: 'function parse(e) {}' });
    expect(wrongCode.status).toBe(400);
    expect(Object.keys(wrongCode.body.error.fieldErrors)).toEqual(['code']);
    const wrongConfig = await api('PATCH', `/alarm-email-parsers/${code.id}`, { config: { line: 'x' }, sourceId: null });
    expect(wrongConfig.status).toBe(400);
    expect(Object.keys(wrongConfig.body.error.fieldErrors).sort()).toEqual(['config', 'sourceId']);
    expect((await api('GET', `/alarm-email-parsers/${code.id}`)).body.code).toContain('"x"');
  });

  test('bad input is a 400 with Dutch field errors and nothing is stored', async () => {
    const { w, api } = await world();
    const other = await addMailSource(w, 'B', { dashboardId: w.dashB.id });
    const cases: [object, string, RegExp][] = [
      [rules('x', { colour: 'rood' }), 'config.colour', /Onbekend veld: colour/],
      [rules('x', { match: { subject: '(unclosed' } }), 'config.match.subject', /geen geldige reguliere expressie/],
      [rules('{{nr}}', { match: { subject: 'pomp (\\d+)' } }), 'config.line', /Onbekende naam in het sjabloon: \{\{nr\}\}/],
      [rules('x', { group: { key: '{{zone}}', windowMinutes: 10 } }), 'config.group.key', /Onbekende naam/],
      [rules('x', { folderId: w.foldersB.inbox }), 'config.folderId', /Deze map bestaat niet in dit dashboard/],
      [{ ...rules('x'), sourceId: other.id }, 'sourceId', /Deze bron hoort niet bij dit dashboard/],
      [{ type: 'CUSTOM', name: 'x', code: 'function parse(e) { return ' }, 'code', /./],
      [{ type: 'CUSTOM', name: 'x', code: 'const y = 1;' }, 'code', /parse/],
    ];
    for (const [body, field, message] of cases) {
      const res = await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, body);
      expect(res.status, field).toBe(400);
      expect(res.body.error.fieldErrors[field]?.[0], JSON.stringify(res.body)).toMatch(message);
    }
    const parser = (await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, rules('Goed'))).body;
    const bad = await api('PATCH', `/alarm-email-parsers/${parser.id}`, { name: 'Nieuw', config: { line: 'x', match: { body: '[' } } });
    expect(bad.body.error.fieldErrors).toHaveProperty(['config.match.body']);
    expect((await api('GET', `/dashboards/${w.dashA.id}/alarm-email-parsers`)).body).toEqual([
      expect.objectContaining({ name: 'Goed', config: { match: {}, line: 'Goed' } }),
    ]);
  });

  test('a locked dashboard: installers neither change parsers nor dry-run, re-parse or clear (403); reading stays open, admins may all', async () => {
    const { w, api } = await world();
    const parser = (await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, rules('{{subject}}'))).body;
    const emailId = await deliver(w, rawMail('Pomp 1'));
    const [folder] = await w.callers.admin.alarmFolder.list({ dashboardId: w.dashA.id });
    if (!folder) throw new Error('a dashboard has its system folders');
    await w.callers.admin.alarmDashboard.customizable({ dashboardId: w.dashA.id, customizable: false });
    const locked = [
      await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, rules('x')),
      await api('PATCH', `/alarm-email-parsers/${parser.id}`, { name: 'y' }),
      await api('DELETE', `/alarm-email-parsers/${parser.id}`),
      await api('POST', `/alarm-email-parsers/${parser.id}/dry-run`, { emailId }),
      await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers/dry-run`, { emailId, parser: rules('x') }),
      await api('POST', `/emails/${emailId}/reparse`),
      await api('POST', `/dashboards/${w.dashA.id}/emails/reparse-rejected`),
      await api('POST', `/folders/${folder.id}/clear`),
    ];
    expect(locked.map((r) => r.status)).toEqual(Array(locked.length).fill(403));
    for (const r of locked) expect(JSON.stringify(r.body)).toContain('niet aanpasbaar');
    expect((await api('GET', `/dashboards/${w.dashA.id}/alarm-email-parsers`)).body).toHaveLength(1);
    expect((await api('POST', `/alarm-email-parsers/${parser.id}/dry-run`, { emailId }, w.tokens.admin)).body.type).toBe('MATCHED');
    expect((await api('POST', `/emails/${emailId}/reparse`, undefined, w.tokens.admin)).body.parsingStatus).toBe('MATCHED');
    expect((await api('POST', `/folders/${folder.id}/clear`, undefined, w.tokens.admin)).status).toBe(204);
    expect((await api('PATCH', `/alarm-email-parsers/${parser.id}`, { name: 'door beheer' }, w.tokens.admin)).status).toBe(200);
    expect((await api('GET', `/dashboards/${w.dashA.id}/alarm-email-parsers`, undefined, w.tokens.customerA)).status).toBe(403);
  });

  test('sources: the dashboard’s mail sources as {id, name}; another dashboard’s id is a 404', async () => {
    const { w, api } = await world();
    const source = await addMailSource(w, 'GBS');
    expect((await api('GET', `/alarm-email-parser-sources?dashboardId=${w.dashA.id}`)).body).toEqual([{ id: source.id, name: 'GBS' }]);
    expect((await api('GET', `/alarm-email-parser-sources?dashboardId=${w.dashB.id}`)).status).toBe(404);
  });

  test('deleting a parser keeps its past attempts with its name; last24h counts the attempts of the last 24 hours', async () => {
    const { w, api } = await world();
    const parser = await addDefaultParser(w, { name: 'Pomp', config: { match: { subject: 'pomp' }, line: '{{subject}}' } });
    const matched = await deliver(w, rawMail('Pomp 1'));
    await deliver(w, rawMail('Pomp 2'));
    await deliver(w, rawMail('Ketel'));
    await drain(w);
    expect((await api('GET', `/alarm-email-parsers/${parser.id}`)).body.last24h).toEqual({ matched: 2, failed: 0, rejected: 1 });
    await api('DELETE', `/alarm-email-parsers/${parser.id}`);
    expect(await attempts(w, matched)).toMatchObject([{ parser: { id: parser.id, name: 'Pomp' }, type: 'MATCHED' }]);
  });
});

test('at most 50 parsers per dashboard: the 51st is a 409 with a Dutch message and is not stored', async () => {
  const { w, api } = await world();
  for (let i = 0; i < 50; i++) expect((await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, rules(`P${i}`))).status).toBe(201);
  const extra = await api('POST', `/dashboards/${w.dashA.id}/alarm-email-parsers`, rules('P50'));
  expect(extra.status).toBe(409);
  expect(JSON.stringify(extra.body)).toContain('Een dashboard heeft ten hoogste 50 parsers');
  expect((await api('GET', `/dashboards/${w.dashA.id}/alarm-email-parsers`)).body).toHaveLength(50);
  expect((await api('POST', `/dashboards/${w.dashB.id}/alarm-email-parsers`, rules('B'), w.tokens.installerB)).status).toBe(201);
});

describe('dry runs', () => {
  test('a saved parser and a draft answer the attempt they would record, resolved, and store nothing', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const w = await createAlarmWorld({ clock: () => now });
    const { api } = {
      api: async (path: string, json: unknown) => (await w.h.request(`${V1}${path}`, { method: 'POST', token: w.tokens.installerA, json })).json(),
    };
    const parser = await addDefaultParser(w, {
      name: 'Pomp',
      config: {
        match: { subject: 'pomp (?<nr>\\d+)' },
        line: 'Pomp {{nr}}: {{status}}',
        data: [{ name: 'status', field: 'body', pattern: '^Status: (.+)$' }],
        deadlineMinutes: 60,
      },
    });
    const emailId = await deliver(w, rawMail('Pomp 7 alarm', 'Status: hoge druk'));
    const before = await w.h.db
      .selectFrom('parsingAttempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    expect(await api(`/alarm-email-parsers/${parser.id}/dry-run`, { emailId })).toEqual({
      type: 'MATCHED',
      alarm: {
        line: 'Pomp 7: hoge druk',
        priority: 'MEDIUM',
        data: { status: 'hoge druk' },
        deadlineAt: '2026-11-23T11:00:00.000Z',
        folderId: w.foldersA.inbox,
        location: null,
      },
    });
    const draft = (parser: object) => api(`/dashboards/${w.dashA.id}/alarm-email-parsers/dry-run`, { emailId, parser });
    expect(await draft({ type: 'DEFAULT', name: 'Ketel', config: { match: { subject: 'ketel' }, line: 'x' } })).toMatchObject({
      type: 'REJECTED',
      reason: expect.any(String),
    });
    expect(await draft({ type: 'CUSTOM', name: 'Gooit', code: 'function parse(e) { null.x; }' })).toMatchObject({ type: 'FAILED', exceptionType: 'TypeError' });
    expect(await draft({ type: 'CUSTOM', name: 'Map', code: 'function parse(e) { return { line: "x", folder: "done", priority: "HIGH" }; }' })).toMatchObject({
      type: 'MATCHED',
      alarm: { line: 'x', priority: 'HIGH', folderId: w.foldersA.done, deadlineAt: null },
    });
    // A draft is checked like a save, its field errors under `parser.`.
    const invalid = await draft({ type: 'DEFAULT', name: 'x', config: { line: 'x', folderId: w.foldersB.inbox } });
    expect(invalid.error.fieldErrors).toHaveProperty(['parser.config.folderId']);
    // Another dashboard's e-mail is refused on emailId.
    const foreign = await deliver(w, rawMail('Pomp 8'), { dashboardId: w.dashB.id });
    expect((await api(`/alarm-email-parsers/${parser.id}/dry-run`, { emailId: foreign })).error.fieldErrors).toHaveProperty(['emailId']);

    const after = await w.h.db
      .selectFrom('parsingAttempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await w.callers.admin.alarmEmail.get({ emailId })).parsingStatus).toBe('PENDING');
    expect((await w.callers.admin.alarm.list({ folderId: w.foldersA.inbox, page: 0, size: 20, sort: 'receivedAt,desc' })).alarms).toEqual([]);
  });
});
