/** The fields of each source form, in their order, with their Dutch labels and hints. */
import type { SourceType } from '@/domain/mail-source';

type Kind = 'text' | 'number' | 'email' | 'secret' | 'tls' | 'folder';

interface FieldSpec {
  name: string;
  label: string;
  kind?: Kind;
  hint?: string;
  optional?: boolean;
}

const interval: FieldSpec = {
  name: 'pollIntervalSeconds',
  label: 'Ophaalinterval (seconden)',
  kind: 'number',
  hint: 'Hoe vaak de mailbox wordt nagekeken: minstens 10 seconden, hoogstens een dag.',
};
const silence: FieldSpec = {
  name: 'silenceMinutes',
  label: 'Waarschuw bij stilte na … minuten',
  kind: 'number',
  optional: true,
  hint: 'Komt er zo lang geen e-mail via deze bron binnen, dan volgt een alarm; de volgende e-mail lost het op. Leeg: nooit.',
};
const target: FieldSpec = { name: 'folderId', label: 'Doelmap voor alarmen', kind: 'folder', optional: true };

export const fields: Record<SourceType, FieldSpec[]> = {
  IMAP: [
    { name: 'name', label: 'Naam' },
    { name: 'imapHost', label: 'Server', hint: 'Bijvoorbeeld imap.example.nl of een IP-adres.' },
    { name: 'imapPort', label: 'Poort', kind: 'number' },
    { name: 'imapSecure', label: 'TLS', kind: 'tls' },
    { name: 'imapUsername', label: 'Gebruikersnaam' },
    { name: 'imapPassword', label: 'Wachtwoord', kind: 'secret' },
    { name: 'imapInputFolder', label: 'Map', hint: 'De map waarin de alarmmails binnenkomen, meestal INBOX.' },
    target,
    interval,
    silence,
  ],
  MICROSOFT_GRAPH: [
    { name: 'name', label: 'Naam' },
    { name: 'tenantId', label: 'Tenant id' },
    { name: 'clientId', label: 'Client id' },
    { name: 'clientSecret', label: 'Client secret', kind: 'secret' },
    { name: 'sharedMailbox', label: 'Gedeelde mailbox', kind: 'email', hint: 'Het e-mailadres, bijvoorbeeld alarmen@example.nl.' },
    { name: 'inputFolder', label: 'Map', hint: 'De naam van de map, meestal Inbox.' },
    {
      name: 'readCategory',
      label: 'Categorie voor verwerkte berichten',
      hint: 'Opgeslagen berichten krijgen deze categorie; berichten die haar al hebben, worden overgeslagen.',
    },
    target,
    interval,
    silence,
  ],
};

export const keepHint: Record<SourceType, string> = {
  IMAP: 'Laat leeg om het opgeslagen wachtwoord te houden.',
  MICROSOFT_GRAPH: 'Laat leeg om het opgeslagen client secret te houden.',
};
