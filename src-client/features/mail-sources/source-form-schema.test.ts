import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import type { MailSource } from '@/domain/mail-source';
import { type ImapValues, createInput, sourceDefaults, sourceFormSchemas, updateInput } from './source-form-schema';

const imap = (change: Partial<ImapValues> = {}): ImapValues => ({
  ...(sourceDefaults('IMAP') as ImapValues),
  name: ' Meldkamer ',
  imapHost: 'imap.example.nl',
  imapUsername: 'alarm@example.nl',
  imapPassword: 'geheim',
  ...change,
});

const messages = (schema: v.GenericSchema, values: unknown) => v.safeParse(schema, values).issues?.map((i) => i.message) ?? [];

describe('the source forms', () => {
  test('a new IMAP source starts on port 993 with TLS, INBOX, the default folder and 60 s; Microsoft 365 on Inbox and Verwerkt', () => {
    expect(sourceDefaults('IMAP')).toMatchObject({ imapPort: '993', imapSecure: true, imapInputFolder: 'INBOX', folderId: '', pollIntervalSeconds: '60' });
    expect(sourceDefaults('MICROSOFT_GRAPH')).toMatchObject({ inputFolder: 'Inbox', readCategory: 'Verwerkt', clientSecret: '' });
  });

  test('the form sends numbers, trimmed text and null for the default folder', () => {
    expect(createInput(4, 'IMAP', imap({ imapPort: ' 143 ', folderId: '' }))).toEqual({
      dashboardId: 4,
      type: 'IMAP',
      name: 'Meldkamer',
      imapHost: 'imap.example.nl',
      imapPort: 143,
      imapSecure: true,
      imapUsername: 'alarm@example.nl',
      imapPassword: 'geheim',
      imapInputFolder: 'INBOX',
      folderId: null,
      pollIntervalSeconds: 60,
      silenceMinutes: null,
    });
  });

  test('"Waarschuw bij stilte na … minuten": empty is never, a number is read, out of range has the shared message', () => {
    const create = sourceFormSchemas.IMAP.create;
    expect(v.parse(create, imap({ silenceMinutes: ' 90 ' })).silenceMinutes).toBe(90);
    expect(messages(create, imap({ silenceMinutes: '0' }))).toEqual(['De stiltegrens ligt tussen 1 en 10.080 minuten.']);
  });

  test("the shared schema's Dutch messages for a bad port, interval and a missing password", () => {
    const create = sourceFormSchemas.IMAP.create;
    expect(messages(create, imap({ imapPort: '70000' }))).toEqual(['De poort ligt tussen 1 en 65535.']);
    expect(messages(create, imap({ imapPort: 'abc' }))).toEqual(['De poort moet een getal zijn.']);
    expect(messages(create, imap({ imapPort: '' }))).toEqual(['De poort moet een getal zijn.']);
    expect(messages(create, imap({ pollIntervalSeconds: '5' }))).toEqual(['Het interval is minstens 10 seconden.']);
    expect(messages(create, imap({ imapPassword: '' }))).toEqual(['Het wachtwoord moet worden opgegeven.']);
  });

  test('an edit keeps the stored secret when its field stays empty, and sends it only when typed', () => {
    const source = { id: 9, type: 'IMAP', imapHost: 'imap.example.nl', imapPort: 993, imapSecure: true, pollIntervalSeconds: 60, folderId: 3 } as MailSource;
    const values = { ...(sourceDefaults('IMAP', source) as ImapValues), name: 'Meldkamer', imapUsername: 'u', imapInputFolder: 'INBOX' };
    expect(values.imapPassword).toBe('');
    expect(messages(sourceFormSchemas.IMAP.edit, values)).toEqual([]);
    expect(updateInput(9, 'IMAP', values)).toMatchObject({ sourceId: 9, folderId: 3, imapPassword: undefined });
    expect(updateInput(9, 'IMAP', { ...values, imapPassword: 'nieuw' })).toMatchObject({ imapPassword: 'nieuw' });
    const graph = { ...(sourceDefaults('MICROSOFT_GRAPH') as object), name: 'M', tenantId: 't', clientId: 'c', sharedMailbox: 'a@example.nl' };
    expect(messages(sourceFormSchemas.MICROSOFT_GRAPH.create, graph)).toEqual(['Het client secret moet worden opgegeven.']);
    expect(messages(sourceFormSchemas.MICROSOFT_GRAPH.edit, graph)).toEqual([]);
  });
});
