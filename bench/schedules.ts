/**
 * On-call schedules: 50 schedules (5 in each of 10 organizations of three installers) of 3 layers
 * (weekday days in turn, weekly nights, weekend days) with 200 overrides over the coming year.
 * Medians of who is on call now (`onCallAt`, what escalation asks; goal ≤ 2 ms), a year of merged
 * shifts through the procedure (goal ≤ 50 ms) and an installer's calendar feed of a year (goal ≤
 * 100 ms); beside each, the raw SQL that reads the same rows, the floor the engine adds to.
 */
import { calendarText } from '../src-server/modules/schedules/calendar-feed';
import { instantToLocal } from '../src-server/modules/schedules/rotation';
import { onCallAt } from '../src-server/modules/schedules/schedules.service';
import { hashPassword } from '../src-server/modules/users/passwords';
import { insertUser, loadUser } from '../src-server/modules/users/users.queries';
import { benchAdminCaller, startBenchServices } from './bench-services';
import { timed } from './stats';

const ORGANIZATIONS = 10;
const SCHEDULES_PER_ORGANIZATION = 5;
const OVERRIDES = 200;
const DAY_MS = 86_400_000;

export async function benchSchedules() {
  const now = new Date('2026-11-02T11:00:00Z');
  const { services, stop } = await startBenchServices('schedules', { clock: () => now });
  try {
    const { db } = services;
    const caller = await benchAdminCaller(services);
    const passwordHash = await hashPassword('bench-wachtwoord');
    const scheduleIds: number[] = [];
    const installers: number[] = [];
    for (let o = 0; o < ORGANIZATIONS; o++) {
      const { id: organizationId } = await caller.organization.create({ name: `Installateur ${o}` });
      const people: number[] = [];
      for (const name of ['Jan', 'Piet', 'Kees']) {
        people.push(
          await insertUser(db, {
            type: 'installer',
            email: `${name.toLowerCase()}${o}@example.nl`,
            fullName: `${name} ${o}`,
            passwordHash,
            organizationId,
            createdAt: 0,
          }),
        );
      }
      installers.push(...people);
      for (let s = 0; s < SCHEDULES_PER_ORGANIZATION; s++) {
        const schedule = await caller.schedule.create({
          organizationId,
          name: `Rooster ${s}`,
          layers: [
            {
              name: 'Dag',
              users: people,
              start: '2026-01-05T08:00',
              shift: { unit: 'DAY', count: 1 },
              restrictions: [{ days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' }],
            },
            {
              name: 'Nacht',
              users: [people[2]!, people[0]!, people[1]!],
              start: '2026-01-05T18:00',
              shift: { unit: 'WEEK', count: 1 },
              restrictions: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '18:00', to: '08:00' }],
            },
            {
              name: 'Weekend',
              users: [people[1]!, people[2]!],
              start: '2026-01-03T08:00',
              shift: { unit: 'DAY', count: 1 },
              restrictions: [{ days: [6, 7], from: '08:00', to: '18:00' }],
            },
          ],
        });
        scheduleIds.push(schedule.id);
      }
    }
    for (let i = 0; i < OVERRIDES; i++) {
      const scheduleId = scheduleIds[i % scheduleIds.length]!;
      const organization = Math.floor((i % scheduleIds.length) / SCHEDULES_PER_ORGANIZATION);
      const from = now.getTime() + (i * 365 * DAY_MS) / OVERRIDES;
      await caller.schedule.addOverride({
        scheduleId,
        userId: installers[organization * 3 + (i % 3)]!,
        from: instantToLocal(from),
        to: instantToLocal(from + 14 * 3_600_000),
      });
    }

    const at = now;
    const onCall = await timed((i) => onCallAt({ db }, scheduleIds[Math.max(0, i) % scheduleIds.length]!, at), 101);
    const rawOnCall = await timed((i) => rawRows(db, scheduleIds[Math.max(0, i) % scheduleIds.length]!, at.getTime(), at.getTime() + 366 * DAY_MS), 101);
    const year = { from: '2026-11-02', to: '2027-11-02' };
    const shifts = await timed((i) => caller.schedule.shifts({ scheduleId: scheduleIds[Math.max(0, i) % scheduleIds.length]!, ...year }), 31);
    const count = (await caller.schedule.shifts({ scheduleId: scheduleIds[0]!, ...year })).shifts.length;
    const user = (await loadUser(db, installers[0]!))!;
    const deps = { db, clock: () => now, secrets: services.secrets, publicUrl: 'https://piket.example.nl' };
    const feed = await timed(() => calendarText(deps, user, 52), 31);
    const events = (await calendarText(deps, user, 52)).split('BEGIN:VEVENT').length - 1;
    return { onCall, rawOnCall, shifts, count, feed, events };
  } finally {
    await stop();
  }
}

/** The lines `npm run bench` prints (also `node --import tsx bench/schedules-run.ts` alone). */
export function scheduleLines(r: Awaited<ReturnType<typeof benchSchedules>>) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return [
    `On-call schedules (50 of 3 layers in 10 organizations, 200 overrides), medians, with the raw SQL of the same rows beside:`,
    `  who is on call now (onCallAt): ${r.onCall.toFixed(2)} ms (goal <= 2 ms); raw SQL ${r.rawOnCall.toFixed(2)} ms`,
    `  a year of merged shifts (${r.count} shifts) through the procedure: ${ms(r.shifts)} (goal <= 50 ms)`,
    `  an installer's calendar feed of a year (${r.events} events over 5 schedules): ${ms(r.feed)} (goal <= 100 ms)`,
  ];
}

/** The rows one schedule's answer reads, by plain SQL: the floor under the engine. */
async function rawRows(db: Parameters<typeof onCallAt>[0]['db'], scheduleId: number, from: number, to: number) {
  const schedule = await db.selectFrom('schedule').selectAll().where('id', '=', scheduleId).executeTakeFirstOrThrow();
  await db.selectFrom('scheduleLayer').selectAll().where('scheduleId', '=', scheduleId).execute();
  await db
    .selectFrom('scheduleOverride')
    .selectAll()
    .where('scheduleId', '=', scheduleId)
    .where('to', '>', from / 1000)
    .where('from', '<', to / 1000)
    .execute();
  await db
    .selectFrom('user')
    .select(['id', 'fullName'])
    .where((eb) => eb.or([eb('type', '=', 'admin'), eb('organizationId', '=', schedule.organizationId)]))
    .execute();
}
