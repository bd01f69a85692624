/** Dry runs and re-parses share one limit per dashboard, 30 a minute; another dashboard keeps its own. */
import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { PARSE_CALLS_PER_MINUTE } from './parse-call-limit';
import { addDefaultParser, deliver, rawMail } from './parser-test-kit';

test('the 31st dry run or re-parse of a dashboard within a minute is a 429 with Retry-After; a minute later it runs again', async () => {
  let now = new Date('2026-11-25T12:00:00Z');
  const w = await createAlarmWorld({ clock: () => now });
  const post = (path: string, json?: unknown) => w.h.request(`/api/v1/alarms${path}`, { method: 'POST', token: w.tokens.installerA, json });
  const parser = await addDefaultParser(w, { name: 'Vangnet', config: { match: {}, line: '{{subject}}' } });
  const emailId = await deliver(w, rawMail('Pomp'));
  const calls = [
    () => post(`/alarm-email-parsers/${parser.id}/dry-run`, { emailId }),
    () => post(`/dashboards/${w.dashA.id}/alarm-email-parsers/dry-run`, { emailId, parser: { type: 'DEFAULT', name: 'x', config: { line: 'x' } } }),
    () => post(`/emails/${emailId}/reparse`),
    () => post(`/dashboards/${w.dashA.id}/emails/reparse-rejected`),
  ];
  for (let i = 0; i < PARSE_CALLS_PER_MINUTE; i++) expect((await calls[i % calls.length]!()).status).toBe(200);
  for (const call of calls) {
    const blocked = await call();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.stringify(await blocked.json())).toContain('Te veel testruns en herverwerkingen');
  }
  const otherDashboard = await w.h.request(`/api/v1/alarms/dashboards/${w.dashB.id}/emails/reparse-rejected`, { method: 'POST', token: w.tokens.installerB });
  expect(otherDashboard.status).toBe(200);
  now = new Date(now.getTime() + 61_000);
  expect((await calls[0]!()).status).toBe(200);
  await w.h.close();
});
