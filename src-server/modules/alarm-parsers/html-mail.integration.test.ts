/**
 * HTML-only alarm mail and decoded subjects, end to end: stored, shown
 * as the e-mail's `message`, and read by a DEFAULT parser's rules and line template.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { createAlarmWorld } from '../../testing/alarm-world';
import { addDefaultParser, alarmsIn, deliver, drain, email } from './parser-test-kit';

const fixture = (file: string) => readFileSync(path.join(import.meta.dirname, '../alarm-emails/testdata', file));

test('a Victron-style HTML table mail matches rules written against its cells, and its message reads row by row', async () => {
  const w = await createAlarmWorld();
  await addDefaultParser(w, {
    name: 'Victron VRM',
    config: {
      match: { from: 'vrm\\.victronenergy', body: '^Level\\tAlarm$' },
      line: '{{installatie}}: {{alarm}} ({{waarde}})',
      data: [
        { name: 'installatie', field: 'body', pattern: '^Installation\\t(.+?) \\(ID' },
        { name: 'alarm', field: 'body', pattern: '^Alarm\\t(.+)$' },
        { name: 'waarde', field: 'body', pattern: '^Value\\t([^\\t\\n]+)' },
      ],
      priority: [{ field: 'body', pattern: '^Level\\s+Alarm$', priority: 'HIGH' }],
    },
  });
  const id = await deliver(w, fixture('victron-vrm.eml'));
  await drain(w);
  const stored = await email(w, id);
  expect(stored.parsingStatus).toBe('MATCHED');
  expect(stored.message.split('\n')).toEqual(expect.arrayContaining(['Level\tAlarm', 'Value\t44.1 V']));
  const [alarm] = await alarmsIn(w, w.foldersA.inbox);
  expect(alarm).toMatchObject({ line: 'Boerderij De Vries & Zn: Low battery voltage (44.1 V)', priority: 'HIGH' });
});

test('a FusionSolar-style alarm table: "Grid Loss" is found whole, in its own cell of its row', async () => {
  const w = await createAlarmWorld();
  await addDefaultParser(w, {
    name: 'FusionSolar',
    config: { match: { body: '^(?<plant>[^\\t\\n]+)\\t(?<device>[^\\t\\n]+)\\tGrid Loss\\t' }, line: '{{plant}}: netuitval op {{device}}' },
  });
  await deliver(w, fixture('fusionsolar-table.eml'));
  await drain(w);
  expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.line)).toEqual(['Distributiecentrum Tilburg: netuitval op SUN2000-100KTL-M1 (Inverter-2)']);
});

test('control characters and bidi overrides in a decoded subject reach neither the e-mail nor the alarm line; a tab becomes a space', async () => {
  const w = await createAlarmWorld();
  await addDefaultParser(w, { name: 'Alles', config: { line: 'Melding: {{subject}}' } });
  const subject = `Storing\u0007 omvormer\u0000\u001b[31m\tWR\u202e14\u0085\u009b\u2066 dak\u007f`;
  const raw = Buffer.from(
    `From: a@example.nl\r\nTo: b@example.nl\r\nMessage-ID: <ctl-1@example.nl>\r\nSubject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=\r\nContent-Type: text/plain\r\n\r\nx\r\n`,
  );
  const id = await deliver(w, raw);
  await drain(w);
  expect((await email(w, id)).subject).toBe('Storing omvormer[31m WR14 dak');
  expect((await alarmsIn(w, w.foldersA.inbox)).map((a) => a.line)).toEqual(['Melding: Storing omvormer[31m WR14 dak']);
});
