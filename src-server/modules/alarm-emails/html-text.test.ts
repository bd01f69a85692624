import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { readMessage } from './mime';

const textOf = async (file: string) => (await readMessage(readFileSync(path.join(import.meta.dirname, 'testdata', file)))).text;
const lines = (text: string) => text.split('\n');

test('a Victron-style alarm table reads one row per line, label and value separated by a tab', async () => {
  const text = await textOf('victron-vrm.eml');
  expect(lines(text)).toEqual(
    expect.arrayContaining([
      'Installation\tBoerderij De Vries & Zn (ID 88123)',
      'Device\tBattery Monitor [512]',
      'Alarm\tLow battery voltage',
      'Level\tAlarm',
      'Value\t44.1 V',
    ]),
  );
  expect(text).toMatch(/^Value\s+(\d+(?:\.\d+)? V)$/m);
});

test('scripts, styles, the title, images and link targets are not part of the text; headings keep their case', async () => {
  const text = await textOf('victron-vrm.eml');
  expect(text).not.toMatch(/track|font-family|VRM alarm|logo\.png|https:/);
  expect(lines(text)).toContain('Alarm on your installation');
  expect(lines(text)).toContain('View alarms in VRM');
});

test('long lines are not wrapped: a sentence and a table row stay on one line each', async () => {
  const text = await textOf('victron-vrm.eml');
  expect(lines(text)).toContain(
    'You receive this e-mail because alarm notifications are enabled for this installation. To stop receiving these e-mails, change the alarm settings of the installation in the VRM Portal.',
  );
  const fusion = await textOf('fusionsolar-table.eml');
  expect(lines(fusion)).toContain('Distributiecentrum Tilburg\tSUN2000-100KTL-M1 (Inverter-2)\tGrid Loss\tMajor\t2026-11-24 09:01:44');
  expect(lines(fusion)).toContain('Plant Name\tDevice Name\tAlarm Name\tSeverity\tOccurred At');
});

test('entities are decoded and a non-breaking space reads as a space', async () => {
  expect(await textOf('fusionsolar-table.eml')).toContain('Log in to FusionSolar® to view details.\n\n© Huawei Technologies Co., Ltd.');
  expect(lines(await textOf('nested-layout.eml'))).toEqual(expect.arrayContaining(['Omvormer\tWR 14 – SMA STP 25000TL', 'Temperatuur\t41 °C']));
});

test('a nested layout table: spacer cells leave nothing behind, the inner rows and blocks sit on their own lines', async () => {
  expect(await textOf('nested-layout.eml')).toBe(
    [
      'Storing',
      'Park\tZonnepark Hooghalen',
      'Omvormer\tWR 14 – SMA STP 25000TL',
      'Melding\tIsolatiefout (Riso te laag)',
      'Temperatuur\t41 °C',
      'Bericht automatisch verstuurd.',
      'Niet beantwoorden.',
    ].join('\n'),
  );
});

test('a message with a text part keeps that text as written', async () => {
  const raw = Buffer.from(
    'From: a@example.nl\r\nSubject: x\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nLevel: Alarm\r\n--b\r\nContent-Type: text/html\r\n\r\n<table><tr><td>Level</td><td>Alarm</td></tr></table>\r\n--b--\r\n',
  );
  expect((await readMessage(raw)).text.trim()).toBe('Level: Alarm');
});
