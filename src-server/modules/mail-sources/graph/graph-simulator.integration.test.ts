import { afterEach, describe, expect, test } from 'vitest';
import { type GraphSimulator, startGraphSimulator } from './graph-simulator';

let sim: GraphSimulator;
afterEach(() => sim?.close());

async function tokenFor(form: Record<string, string> = {}, tenant = sim.tenantId) {
  const body = new URLSearchParams({
    client_id: sim.clientId,
    client_secret: sim.clientSecret,
    scope: 'https://graph.microsoft.com/.default',
    grant_type: 'client_credentials',
    ...form,
  });
  const res = await fetch(`${sim.loginUrl}/${tenant}/oauth2/v2.0/token`, { method: 'POST', body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function api(path: string, init: RequestInit = {}) {
  const { body } = await tokenFor();
  const res = await fetch(path.startsWith('http') ? path : `${sim.apiUrl}/v1.0/users/${sim.mailbox}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json' },
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}
const json = (r: { text: string }) => JSON.parse(r.text);

describe('the Graph simulator', () => {
  test('issues client-credentials tokens and refuses wrong credentials like Entra ID', async () => {
    sim = await startGraphSimulator({ tokenTtlSeconds: 300 });
    expect(await tokenFor()).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 300 } });
    expect(await tokenFor({}, 'other-tenant')).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await tokenFor({ client_secret: 'x' })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await tokenFor({ grant_type: 'password' })).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    expect(sim.tokenRequests).toBe(4);
  });

  test('refuses an expired or unknown bearer token with InvalidAuthenticationToken', async () => {
    let clock = new Date('2025-01-01T00:00:00Z');
    sim = await startGraphSimulator({ tokenTtlSeconds: 60, now: () => clock });
    const { body } = await tokenFor();
    clock = new Date(clock.getTime() + 61_000);
    const res = await fetch(`${sim.apiUrl}/v1.0/users/${sim.mailbox}/mailFolders`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'InvalidAuthenticationToken' } });
  });

  test('filters messages on a category and its negation, selects fields and pages with an absolute nextLink', async () => {
    sim = await startGraphSimulator();
    const ids = [0, 1, 2, 3, 4].map((n) => sim.deliver(`Message-ID: <m${n}@x>\r\n\r\nbody`, { categories: n % 2 ? ['Verwerkt'] : [] }));
    const folder = `/mailFolders/inbox/messages`;
    const tagged = json(await api(`${folder}?$filter=${encodeURIComponent("categories/any(c:c eq 'verwerkt')")}`));
    expect(tagged.value.map((m: { id: string }) => m.id)).toEqual([ids[3], ids[1]]); // newest first by default
    const first = json(
      await api(
        `${folder}?$filter=${encodeURIComponent("not(categories/any(c:c eq 'Verwerkt'))")}&$top=2&$orderby=receivedDateTime asc&$select=id,internetMessageId`,
      ),
    );
    expect(first.value).toEqual([
      { id: ids[0], internetMessageId: '<m0@x>' },
      { id: ids[2], internetMessageId: '<m2@x>' },
    ]);
    expect(first['@odata.nextLink']).toMatch(new RegExp(`^${sim.apiUrl}/v1\\.0/users/.+%24skiptoken=`));
    const second = json(await api(first['@odata.nextLink']));
    expect(second.value.map((m: { id: string }) => m.id)).toEqual([ids[4]]);
    expect(second['@odata.nextLink']).toBeUndefined();
    expect(await api(`${folder}?$filter=subject eq 'x'`)).toMatchObject({ status: 400, text: expect.stringContaining('ErrorInvalidUrlQueryFilter') });
    expect(await api(`${folder}?$top=5000`)).toMatchObject({ status: 400 });
  });

  test('serves $value as the exact bytes in text/plain and PATCHes categories', async () => {
    sim = await startGraphSimulator({ folders: ['Inbox/Alarmen'] });
    const id = sim.deliver('Subject: x\r\n\r\nå', { folder: 'Inbox/Alarmen' });
    expect(await api(`/messages/${id}/$value`)).toMatchObject({ status: 200, type: 'text/plain', text: 'Subject: x\r\n\r\nå' });
    expect(await api(`/messages/${id}`, { method: 'PATCH', body: '{"categories": ["A", "B"]}' })).toMatchObject({ status: 200 });
    expect(sim.messages('Inbox/Alarmen')).toEqual([{ id, internetMessageId: null, categories: ['A', 'B'] }]);
    expect(await api(`/messages/${id}`, { method: 'PATCH', body: '{"categories": "A"}' })).toMatchObject({ status: 400 });
    expect(await api(`/messages/nope/$value`)).toMatchObject({ status: 404, text: expect.stringContaining('ErrorItemNotFound') });
    expect(await api(`/mailFolders/nope/messages`)).toMatchObject({ status: 404 });
  });

  test('finds folders by display name at the top and among child folders; an unknown one is an empty list, an unknown mailbox 404', async () => {
    sim = await startGraphSimulator({ folders: ['Inbox/Alarmen', 'Archief'] });
    const top = json(await api(`/mailFolders?$filter=${encodeURIComponent("displayName eq 'archief'")}`));
    expect(top.value).toMatchObject([{ displayName: 'Archief' }]);
    const child = json(await api(`/mailFolders/inbox/childFolders?$filter=${encodeURIComponent("displayName eq 'Alarmen'")}`));
    expect(child.value).toMatchObject([{ displayName: 'Alarmen' }]);
    expect(json(await api(`/mailFolders?$filter=${encodeURIComponent("displayName eq 'Alarmen'")}`)).value).toEqual([]);
    expect(await api(`${sim.apiUrl}/v1.0/users/iemand@example.nl/mailFolders`)).toMatchObject({
      status: 404,
      text: expect.stringContaining('ErrorInvalidUser'),
    });
  });

  test('injects faults in order: statuses with Retry-After, malformed JSON; counts requests', async () => {
    sim = await startGraphSimulator();
    sim.fail({ status: 503, retryAfter: 7, times: 2, path: /mailFolders/ });
    sim.fail({ malformed: true, path: /mailFolders/ });
    expect(await api('/mailFolders')).toMatchObject({ status: 503 });
    const res = await fetch(`${sim.apiUrl}/v1.0/users/${sim.mailbox}/mailFolders`);
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '7']);
    expect(await api('/mailFolders')).toMatchObject({ status: 200, text: expect.stringContaining('oops') });
    expect(await api('/mailFolders')).toMatchObject({ status: 200 });
    expect([sim.requests, sim.tokenRequests]).toEqual([4, 3]);
  });
});
