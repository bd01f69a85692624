import { describe, expect, it } from 'vitest';
import { type ParserConfig, type ParserEmail, recoveryKeyTrap } from '@/domain/alarm-parser';
import { evaluateDefault } from './default-parser';

const email: ParserEmail = {
  subject: 'ALARM: Storing warmtepomp op WP-12 (Utrecht)',
  from: 'Installatiemonitor <monitor@warmte.example.nl>',
  to: ['alarmen@energie.example.nl'],
  date: '2024-05-01T08:30:00.000Z',
  text: 'Installatie: WP-12\nStatus: KRITIEK - compressor uitgevallen\nTemperatuur: 81 C\n',
  html: null,
  headers: { 'message-id': '<1@warmte.example.nl>' },
};

const config = (extra: Partial<ParserConfig> = {}): ParserConfig => ({
  match: { from: 'monitor@warmte', subject: '^alarm: (?<melding>.+?) op (?<installatie>\\S+)' },
  line: '{{installatie}}: {{melding}}',
  ...extra,
});

describe('evaluateDefault', () => {
  it('matches a realistic alarm e-mail: named groups and data fields fill the line, settings are copied', () => {
    const outcome = evaluateDefault(
      config({
        line: '{{installatie}}: {{melding}} ({{status}}, {{temperatuur}} °C)',
        data: [
          { name: 'status', field: 'body', pattern: '^Status:\\s*(.+)$' },
          { name: 'temperatuur', field: 'body', pattern: 'Temperatuur: (\\d+)' },
        ],
        priority: [
          { field: 'subject', pattern: 'brand', priority: 'HIGH' },
          { field: 'body', pattern: 'kritiek', priority: 'MEDIUM' },
          { field: 'body', pattern: 'status', priority: 'LOW' },
        ],
        deadlineMinutes: 60,
        folderId: 7,
        group: { key: '{{installatie}}-{{status}}', windowMinutes: 30 },
      }),
      email,
    );
    expect(outcome).toEqual({
      type: 'MATCHED',
      line: 'WP-12: Storing warmtepomp (KRITIEK - compressor uitgevallen, 81 °C)',
      priority: 'MEDIUM',
      data: { status: 'KRITIEK - compressor uitgevallen', temperatuur: '81' },
      deadlineAt: null,
      deadlineMinutes: 60,
      folderId: 7,
      folderName: null,
      group: { key: 'WP-12-KRITIEK - compressor uitgevallen', windowMinutes: 30 },
      locationId: null,
      locationRef: null,
    });
  });

  it('rejects naming the first pattern that did not match, in the order from, subject, body', () => {
    expect(evaluateDefault(config({ match: { from: 'nobody@', subject: 'nothing' } }), email)).toEqual({
      type: 'REJECTED',
      reason: 'Afzender komt niet overeen met /nobody@/',
    });
    expect(evaluateDefault(config({ match: { subject: 'alarm', body: '^Status: OK$' } }), email)).toEqual({
      type: 'REJECTED',
      reason: 'Tekst komt niet overeen met /^Status: OK$/',
    });
    expect(evaluateDefault(config({ match: { subject: 'storing op ketel' } }), email)).toMatchObject({
      reason: 'Onderwerp komt niet overeen met /storing op ketel/',
    });
  });

  it('matches every e-mail without match patterns, with subject and from as values', () => {
    const outcome = evaluateDefault({ match: {}, line: '{{from}}: {{subject}}' }, email);
    expect(outcome).toMatchObject({
      type: 'MATCHED',
      line: `${email.from}: ${email.subject}`,
      priority: null,
      data: {},
      group: null,
      deadlineMinutes: null,
      folderId: null,
    });
  });

  it('leaves a data field out when its pattern does not match; its name renders empty', () => {
    const outcome = evaluateDefault(config({ line: '{{installatie}} {{druk}} bar', data: [{ name: 'druk', field: 'body', pattern: 'Druk: (\\d+)' }] }), email);
    expect(outcome).toMatchObject({ type: 'MATCHED', line: 'WP-12 bar', data: {} });
  });

  it('gives no priority when no rule hits (the pipeline applies the dashboard default)', () => {
    expect(evaluateDefault(config({ priority: [{ field: 'from', pattern: 'brandmelder', priority: 'HIGH' }] }), email)).toMatchObject({ priority: null });
  });

  it('fails (not rejects) when the line renders empty: the e-mail matched, the template needs fixing', () => {
    const outcome = evaluateDefault(config({ line: '{{druk}}', data: [{ name: 'druk', field: 'body', pattern: 'Druk: (\\d+)' }] }), email);
    expect(outcome).toMatchObject({ type: 'FAILED', exceptionType: 'EmptyLine' });
    expect(outcome.type === 'FAILED' && outcome.exceptionMessage).toContain('De melding is leeg');
  });

  it('cuts a line over 512 characters to 512 ending in …', () => {
    const outcome = evaluateDefault(
      { match: {}, line: '{{body}}', data: [{ name: 'body', field: 'body', pattern: '^([\\s\\S]*)$' }] },
      { ...email, text: 'x'.repeat(2000) },
    );
    expect('line' in outcome && outcome.line).toBe(`${'x'.repeat(511)}…`);
  });

  it('does not group on a key that renders empty', () => {
    const outcome = evaluateDefault(
      config({ group: { key: '{{zone}}', windowMinutes: 5 }, data: [{ name: 'zone', field: 'body', pattern: 'Zone: (\\w+)' }] }),
      email,
    );
    expect(outcome).toMatchObject({ type: 'MATCHED', group: null });
  });

  it('fails with a Dutch message on a stored pattern that is no valid expression', () => {
    expect(evaluateDefault(config({ match: { subject: '(' } }), email)).toMatchObject({
      type: 'FAILED',
      exceptionType: 'InvalidPattern',
      exceptionMessage: 'Dit is geen geldige reguliere expressie: /(/',
    });
  });
});

describe('the recovery trap', () => {
  it('warns when recovery is on and the group key is the subject, and proposes keys from the parser’s own names', () => {
    const trap = recoveryKeyTrap(
      config({
        match: { subject: '^(PROBLEM|RECOVERY): (?<host>\\S+)/(?<service>\\S+)' },
        group: { key: '{{subject}}', windowMinutes: 60 },
        recovery: { field: 'subject', pattern: '^RECOVERY' },
      }),
    );
    expect(trap?.warning).toContain('{{host}}/{{service}}');
    expect(trap?.suggestions).toEqual(['{{host}}/{{service}}', '{{host}}', '{{service}}']);
    // PROBLEM and RECOVERY of one service never share that key: the trap is real.
    const problem = evaluateDefault(
      config({ match: {}, line: '{{subject}}', group: { key: '{{subject}}', windowMinutes: 60 }, recovery: { field: 'subject', pattern: '^RECOVERY' } }),
      { ...email, subject: 'PROBLEM: web1/http' },
    );
    expect(problem).toMatchObject({ type: 'MATCHED', group: { key: 'PROBLEM: web1/http' } });
  });

  it('stays quiet for a key without the subject, or without recovery', () => {
    const group = { key: '{{installatie}}', windowMinutes: 60 };
    expect(recoveryKeyTrap(config({ group, recovery: { field: 'subject', pattern: '^RECOVERY' } }))).toBeNull();
    expect(recoveryKeyTrap(config({ group: { key: '{{subject}}', windowMinutes: 60 } }))).toBeNull();
  });
});
