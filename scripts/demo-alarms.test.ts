import { expect, test } from 'vitest';
import { type ParserEmail, parserConfigSchema, recoveryKeyTrap } from '../src/domain/alarm-parser';
import { evaluateDefault } from '../src/lib/default-parser';
import { demoParserConfig } from './demo-alarms';
import * as v from 'valibot';

const mail = (subject: string): ParserEmail => ({
  subject,
  from: 'Monitoring <monitoring@zonnedak.example>',
  to: ['storingen@zonnedak.example'],
  date: '2026-11-28T01:17:00.000Z',
  text: `${subject}\nomvormer: SE-4002\nlocatie: Dak\n`,
  html: null,
  headers: {},
});

const keyOf = (subject: string) => {
  const outcome = evaluateDefault(demoParserConfig([]), mail(subject));
  return outcome.type === 'MATCHED' && 'group' in outcome ? outcome.group?.key : undefined;
};

test('the demo parser groups "Omvormer 2 offline sinds 02:17/02:23/02:29" as one alarm, and another inverter apart', () => {
  expect(v.safeParse(parserConfigSchema, demoParserConfig([{ pattern: '.', locationId: 1 }])).success).toBe(true);
  const keys = ['02:17', '02:23', '02:29'].map((t) => keyOf(`Omvormer 2 offline sinds ${t}`));
  expect(keys).toEqual(['Omvormer 2 offline', 'Omvormer 2 offline', 'Omvormer 2 offline']);
  expect(keyOf('Omvormer 3 offline sinds 02:17')).toBe('Omvormer 3 offline');
  expect(keyOf('Brandmeldcentrale: storing lus 4')).toBe('Brandmeldcentrale: storing lus 4');
  // Its key does not fall into the recovery trap, should recovery be turned on.
  expect(recoveryKeyTrap({ ...demoParserConfig([]), recovery: { field: 'subject', pattern: 'hersteld' } })).toBeNull();
});
