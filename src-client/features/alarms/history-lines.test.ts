import { describe, expect, test } from 'vitest';
import type { HistoryItem } from '@/domain/alarm-lifecycle';
import { historyLines } from './history-lines';

const ina = { type: 'USER', id: 7, name: 'Ina Installateur' } as const;
const mail = { type: 'EMAIL', id: 31, name: 'nagios@example.nl' } as const;
const at = (minute: number) => `2026-11-25T08:${String(minute).padStart(2, '0')}:00.000Z`;
const item = (minute: number, actor: HistoryItem['actor'], event: HistoryItem['event'], details: Record<string, unknown> = {}): HistoryItem => ({
  at: at(minute),
  actor,
  event,
  details,
});
const texts = (history: HistoryItem[]) => historyLines(history, (id) => (id === 9 ? 'Bert Beheer' : `Gebruiker ${id}`)).map((l) => l.text);

describe('the alarm history as Dutch timeline lines', () => {
  test('deliveries say how and to whom: per e-mail to a person, per webhook, a failed push', () => {
    const system = { type: 'SYSTEM', name: 'Meldingen' } as const;
    expect(
      texts([
        item(1, system, 'notified', { channel: 'EMAIL', target: 'piet@example.nl', name: 'Piet', userId: 3, step: 1 }),
        item(2, system, 'notified', { channel: 'EMAIL', target: 'wacht@example.nl', rule: 'Wachtdienst' }),
        item(3, system, 'notified', { channel: 'WEBHOOK', target: 'https://hooks.example.nl/***' }),
        item(4, system, 'notification-failed', { channel: 'WEB_PUSH', name: 'Jan', userId: 4, error: '410' }),
      ]),
    ).toEqual([
      'Melding per pushmelding aan Jan mislukt',
      'Melding verstuurd per webhook aan https://hooks.example.nl/***',
      'Melding verstuurd per e-mail aan wacht@example.nl',
      'Melding verstuurd per e-mail aan Piet',
    ]);
  });

  test('newest first, with who did it', () => {
    expect(
      texts([
        item(1, mail, 'created', { folder: { id: 1, label: 'Inbox' }, priority: 'MEDIUM', alarmEmailId: 31 }),
        item(2, ina, 'acknowledged'),
        item(3, ina, 'assigned', { userId: 7, name: 'Ina Installateur' }),
        item(4, ina, 'priority', { old: 'MEDIUM', new: 'HIGH' }),
        item(5, ina, 'moved', { from: { id: 1, label: 'Inbox' }, to: { id: 2, label: 'Afgehandeld' } }),
        item(5, ina, 'resolved', { by: 'USER', userId: 7 }),
        item(6, ina, 'reopened'),
        item(7, ina, 'unassigned', { userId: 9 }),
      ]),
    ).toEqual([
      'Niet meer toegewezen aan Bert Beheer door Ina Installateur',
      'Heropend door Ina Installateur',
      'Opgelost door Ina Installateur',
      'Verplaatst van Inbox naar Afgehandeld door Ina Installateur',
      'Prioriteit gewijzigd van Normaal naar Hoog door Ina Installateur',
      'Toegewezen aan Ina Installateur',
      'Bevestigd door Ina Installateur',
      'Aangemaakt via e-mail van nagios@example.nl',
    ]);
  });

  test('a run of repeats reads as one line with the latest count', () => {
    const lines = historyLines(
      [
        item(1, mail, 'created'),
        item(2, mail, 'occurred', { occurrences: 2 }),
        item(3, mail, 'occurred', { occurrences: 3 }),
        item(4, ina, 'seen', { seen: true }),
      ],
      String,
    );
    expect(lines.map((l) => l.text)).toEqual([
      'Gelezen door Ina Installateur',
      'Nogmaals ontvangen (×3) via e-mail van nagios@example.nl',
      'Aangemaakt via e-mail van nagios@example.nl',
    ]);
    expect(lines[1]).toMatchObject({ at: at(3), alarmEmailId: 31 });
  });

  test('how it was resolved: a recovery mail, maintenance, the API, the system', () => {
    expect(
      texts([
        item(1, mail, 'resolved', { by: 'RECOVERY', alarmEmailId: 31 }),
        item(2, { type: 'SYSTEM', name: 'Onderhoud' }, 'resolved', { by: 'MAINTENANCE', maintenanceWindowId: 3 }),
        item(3, { type: 'API', id: 7, name: 'Ina Installateur' }, 'resolved', { by: 'API', userId: 7 }),
        item(4, { type: 'SYSTEM', name: 'Systeem' }, 'resolved', { by: 'SYSTEM' }),
      ]).reverse(),
    ).toEqual([
      'Opgelost door herstelmelding (e-mail van nagios@example.nl)',
      'Opgelost tijdens onderhoud',
      'Opgelost via de API (Ina Installateur)',
      'Opgelost door het systeem',
    ]);
  });

  test('a deadline in Amsterdam time, and a cleared one', () => {
    expect(
      texts([item(1, ina, 'deadline', { old: null, new: '2026-11-25T13:30:00.000Z' }), item(2, ina, 'deadline', { old: 'x', new: null })]).reverse(),
    ).toEqual(['Deadline gezet op 25-11 14:30 door Ina Installateur', 'Deadline gewist door Ina Installateur']);
  });
});
