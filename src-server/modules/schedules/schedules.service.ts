/**
 * On-call schedules (piketdienst): schedules per organization with layers and overrides, who is
 * on call at a moment and the merged rota of a period, computed by `rotation.ts` from what is stored.
 *
 * Decisions made here:
 * - Only an organization's members can be on call: every admin and its installers. A user who
 *   leaves (deleted, or moved to another organization) drops out of the layers' turns and their
 *   overrides stop counting; the stored schedule is not rewritten.
 * - Layers are replaced as a whole (`PATCH` with `layers`); overrides are added and removed one by
 *   one, and a schedule lists those that have not ended yet.
 * - An override lasts at most a year and may lie wholly in the past: a swap that already happened is
 *   recorded so the rota of that period (and who was on call then) tells the truth. A local time the
 *   clock skips in spring cannot be a layer's start or an override's edge (the doubled autumn hour
 *   reads as winter time, its second pass).
 */
import {
  type CreateOverride,
  type CreateSchedule,
  type Layer,
  NOT_A_MEMBER,
  type OnCall,
  OVERRIDE_LAYER,
  type Schedule,
  type ScheduleMember,
  SHIFTS_MAX_DAYS,
  type Shift,
  type UpdateSchedule,
} from '@/domain/schedule';
import { amsterdamIso } from '@/lib/amsterdam';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { invalidField } from '../../platform/errors';
import { membersOfOrganizations } from '../users/users.queries';
import {
  type OnCallUser,
  type RotationLayer,
  type RotationOverride,
  YEAR_MS,
  onCallAt as onCallIn,
  instantToLocal,
  localToInstant,
  rota,
  wallToUtc,
} from './rotation';
import * as q from './schedules.queries';
import type { Caller } from '../../platform/caller';
import type { ScheduleLayerRow } from './schedules.table';

interface Deps {
  db: DB;
  clock: Clock;
}
type ScheduleRow = q.ScheduleWithOrganization;

const SKIPPED = 'Dit tijdstip bestaat niet: in de nacht naar de zomertijd springt de klok van 02:00 naar 03:00.';
const displayName = (u: { fullName: string | null; email: string }) => u.fullName ?? u.email;

/** The members (admins and installers) of each organization, by id. */
async function membersByOrganization(db: DB, organizationIds: number[]) {
  const rows = await membersOfOrganizations(db, [...new Set(organizationIds)]);
  const admins = rows.filter((r) => r.type === 'admin');
  const byOrganization = new Map<number, Map<number, OnCallUser & { type: 'admin' | 'installer' }>>();
  for (const organizationId of new Set(organizationIds)) {
    const members = [...admins, ...rows.filter((r) => r.type === 'installer' && r.organizationId === organizationId)];
    byOrganization.set(organizationId, new Map(members.map((m) => [m.id, { id: m.id, name: displayName(m), type: m.type as 'admin' | 'installer' }])));
  }
  return byOrganization;
}

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function toRotationLayer(row: ScheduleLayerRow, members: Map<number, OnCallUser>): RotationLayer {
  return {
    name: row.name,
    users: parseJson<number[]>(row.users)!.flatMap((id) => members.get(id) ?? []),
    start: row.start,
    shift: { unit: row.shiftUnit, count: row.shiftCount },
    restrictions: parseJson(row.restrictions),
  };
}

interface Rota {
  schedule: ScheduleRow;
  layers: RotationLayer[];
  overrides: (RotationOverride & { id: number })[];
  members: Map<number, OnCallUser & { type: 'admin' | 'installer' }>;
}

/** What the engine needs for these schedules, with overrides overlapping [from, to) (ms). */
async function loadRotas(db: DB, schedules: ScheduleRow[], from: number, to: number): Promise<Rota[]> {
  const ids = schedules.map((s) => s.id);
  const [layers, overrides, members] = await Promise.all([
    q.layersOf(db, ids),
    q.overridesOf(db, ids, Math.floor(from / 1000), Math.ceil(to / 1000)),
    membersByOrganization(
      db,
      schedules.map((s) => s.organizationId),
    ),
  ]);
  return schedules.map((schedule) => {
    const people = members.get(schedule.organizationId)!;
    return {
      schedule,
      members: people,
      layers: layers.filter((l) => l.scheduleId === schedule.id).map((l) => toRotationLayer(l, people)),
      overrides: overrides.flatMap((o) => {
        const user = o.scheduleId === schedule.id ? people.get(o.userId) : undefined;
        return user ? [{ id: o.id, user, from: o.from * 1000, to: o.to * 1000 }] : [];
      }),
    };
  });
}

const answerOnCall = (r: { users: OnCallUser[]; until: number | null }): OnCall => ({
  users: r.users.map((u) => ({ id: u.id, name: u.name })),
  until: r.until === null ? null : amsterdamIso(r.until),
});

/**
 * Who is on call for a schedule at `at`, and until when (the next change, ISO with offset; null when
 * nothing changes within a year). A schedule that no longer exists has nobody.
 */
export async function onCallAt(
  { db }: Pick<Deps, 'db'>,
  scheduleId: number,
  at: Date,
): Promise<{ users: { id: number; name: string }[]; until: string | null }> {
  const schedule = await q.findSchedule(db, scheduleId);
  if (!schedule) return { users: [], until: null };
  const ms = at.getTime();
  const [r] = await loadRotas(db, [schedule], ms, ms + YEAR_MS);
  return answerOnCall(onCallIn(r!.layers, r!.overrides, ms));
}

async function toSchedule(deps: Deps, schedule: ScheduleRow): Promise<Schedule> {
  const [layers, overrides, members] = await Promise.all([
    q.layersOf(deps.db, [schedule.id]),
    q.openOverrides(deps.db, schedule.id, epochSeconds(deps.clock)),
    membersByOrganization(deps.db, [schedule.organizationId]),
  ]);
  const people = members.get(schedule.organizationId)!;
  return {
    id: schedule.id,
    organizationId: schedule.organizationId,
    organizationName: schedule.organizationName,
    name: schedule.name,
    layers: layers.map((l) => {
      const restrictions = parseJson<Layer['restrictions']>(l.restrictions);
      return {
        name: l.name,
        users: parseJson<number[]>(l.users)!.filter((id) => people.has(id)),
        start: l.start,
        shift: { unit: l.shiftUnit, count: l.shiftCount },
        ...(restrictions ? { restrictions } : {}),
      };
    }),
    overrides: overrides.flatMap((o) => {
      const user = people.get(o.userId);
      return user ? [{ id: o.id, userId: o.userId, name: user.name, from: instantToLocal(o.from * 1000), to: instantToLocal(o.to * 1000) }] : [];
    }),
  };
}

export const getSchedule = (deps: Deps, schedule: ScheduleRow) => toSchedule(deps, schedule);

export async function listSchedules(deps: Deps, organizationId: number) {
  const rows = await q.schedulesOfOrganization(deps.db, organizationId);
  return Promise.all(rows.map((row) => toSchedule(deps, row)));
}

/** Every schedule the user may see, with who is on call now: the schedules page. */
export async function overview(deps: Deps, caller: Caller) {
  const { user } = caller;
  const rows = await q.visibleSchedules(deps.db, user);
  const now = deps.clock().getTime();
  const rotas = await loadRotas(deps.db, rows, now, now + YEAR_MS);
  return rotas.map((r) => ({
    id: r.schedule.id,
    name: r.schedule.name,
    organizationId: r.schedule.organizationId,
    organizationName: r.schedule.organizationName,
    layers: r.layers.length,
    onCall: answerOnCall(onCallIn(r.layers, r.overrides, now)),
  }));
}

/** Who may be on a schedule of the organization, for the forms. */
export async function members(deps: Deps, organizationId: number): Promise<ScheduleMember[]> {
  const people = (await membersByOrganization(deps.db, [organizationId])).get(organizationId)!;
  return [...people.values()].map((m) => ({ id: m.id, name: m.name, type: m.type }));
}

/** Checks the layers' users and starts against the organization; answers the rows to store. */
async function layerRows(deps: Deps, organizationId: number, layers: Layer[]) {
  const people = (await membersByOrganization(deps.db, [organizationId])).get(organizationId)!;
  return layers.map((layer, i) => {
    const stranger = layer.users.find((id) => !people.has(id));
    if (stranger !== undefined) throw invalidField(`layers.${i}.users`, `Gebruiker ${stranger} hoort niet bij deze organisatie. ${NOT_A_MEMBER}`);
    if (localToInstant(layer.start) === null) throw invalidField(`layers.${i}.start`, SKIPPED);
    return {
      name: layer.name,
      users: JSON.stringify(layer.users),
      start: layer.start,
      shiftUnit: layer.shift.unit,
      shiftCount: layer.shift.count,
      restrictions: layer.restrictions === undefined ? null : JSON.stringify(layer.restrictions),
    };
  });
}

export async function createSchedule(deps: Deps, input: CreateSchedule) {
  const rows = await layerRows(deps, input.organizationId, input.layers);
  const id = await deps.db.transaction().execute(async (tx) => {
    const id = await q.insertSchedule(tx, { organizationId: input.organizationId, name: input.name, now: epochSeconds(deps.clock) });
    await q.replaceLayers(tx, id, rows);
    return id;
  });
  return toSchedule(deps, (await q.findSchedule(deps.db, id))!);
}

export async function updateSchedule(deps: Deps, schedule: ScheduleRow, input: UpdateSchedule) {
  const rows = input.layers && (await layerRows(deps, schedule.organizationId, input.layers));
  await deps.db.transaction().execute(async (tx) => {
    await q.updateSchedule(tx, schedule.id, { ...(input.name === undefined ? {} : { name: input.name }), updatedAt: epochSeconds(deps.clock) });
    if (rows) await q.replaceLayers(tx, schedule.id, rows);
  });
  return toSchedule(deps, (await q.findSchedule(deps.db, schedule.id))!);
}

export async function deleteSchedule(deps: Deps, schedule: ScheduleRow) {
  await q.deleteSchedule(deps.db, schedule.id);
}

const MAX_OVERRIDE_MS = 366 * 86_400_000;

export async function addOverride(deps: Deps, caller: Caller, schedule: ScheduleRow, input: CreateOverride) {
  const { user: actor } = caller;
  const people = (await membersByOrganization(deps.db, [schedule.organizationId])).get(schedule.organizationId)!;
  const user = people.get(input.userId);
  if (!user) throw invalidField('userId', NOT_A_MEMBER);
  const from = localToInstant(input.from);
  if (from === null) throw invalidField('from', SKIPPED);
  const to = localToInstant(input.to);
  if (to === null) throw invalidField('to', SKIPPED);
  if (to - from > MAX_OVERRIDE_MS) throw invalidField('to', 'Een vervanging duurt hoogstens een jaar.');
  const id = await q.insertOverride(deps.db, {
    scheduleId: schedule.id,
    userId: user.id,
    from: from / 1000,
    to: to / 1000,
    createdBy: actor.id,
    createdAt: epochSeconds(deps.clock),
  });
  return { id, scheduleId: schedule.id, userId: user.id, name: user.name, from: input.from, to: input.to };
}

export async function deleteOverride(deps: Deps, override: { id: number }) {
  await q.deleteOverride(deps.db, override.id);
}

/**
 * A moment from a query string: an instant with offset, or a local date (midnight) or wall time
 * in Europe/Amsterdam. A wall time the spring change skips reads as the hour after.
 */
function momentToMs(moment: string, field: string): number {
  if (/(Z|[+-]\d{2}:\d{2})$/.test(moment)) {
    const ms = Date.parse(moment);
    if (Number.isNaN(ms)) throw invalidField(field, 'Dit tijdstip bestaat niet.');
    return ms;
  }
  const [y, mo, d, h = 0, mi = 0] = moment.split(/[-T:]/).map(Number) as [number, number, number, number?, number?];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59) throw invalidField(field, 'Dit tijdstip bestaat niet.');
  return wallToUtc(y, mo - 1, d, h, mi);
}

export async function onCall(deps: Deps, schedule: ScheduleRow, at: string | undefined) {
  const when = at === undefined ? deps.clock() : new Date(momentToMs(at, 'at'));
  return onCallAt(deps, schedule.id, when);
}

const shiftAnswer =
  (layers: RotationLayer[]) =>
  (s: ReturnType<typeof rota>[number]): Shift => ({
    userId: s.user.id,
    name: s.user.name,
    start: amsterdamIso(s.start),
    end: amsterdamIso(s.end),
    layer: s.source < 0 ? OVERRIDE_LAYER : layers[s.source]!.name,
  });

/** The merged rota over [from, to), at most a year. */
export async function shifts(deps: Deps, schedule: ScheduleRow, input: { from: string; to: string }) {
  const from = momentToMs(input.from, 'from');
  const to = momentToMs(input.to, 'to');
  if (to <= from) throw invalidField('to', 'Het einde moet na het begin liggen.');
  if (to - from > SHIFTS_MAX_DAYS * 86_400_000 + 3_600_000) throw invalidField('to', `Kies een periode van hoogstens ${SHIFTS_MAX_DAYS} dagen.`);
  const [r] = await loadRotas(deps.db, [schedule], from, to);
  return { shifts: rota(r!.layers, r!.overrides, from, to).map(shiftAnswer(r!.layers)) };
}

/**
 * One user's shifts over [from, to) (ms) across every schedule they could be on: those of their
 * organization (an admin's: all) where a layer has them in turn or an override names them.
 */
export async function shiftsOfUser({ db }: Pick<Deps, 'db'>, caller: Pick<Caller, 'user'>, from: number, to: number) {
  const { user } = caller;
  if (user.type === 'customer') return [];
  const candidates = await q.visibleSchedules(db, user);
  const [layers, withOverride] = await Promise.all([
    q.layersOf(
      db,
      candidates.map((s) => s.id),
    ),
    q.scheduleIdsWithOverridesOf(db, user.id, Math.floor(from / 1000), Math.ceil(to / 1000)),
  ]);
  const inLayer = new Set(layers.filter((l) => parseJson<number[]>(l.users)!.includes(user.id)).map((l) => l.scheduleId));
  const mine = candidates.filter((s) => inLayer.has(s.id) || withOverride.includes(s.id));
  const rotas = await loadRotas(db, mine, from, to);
  return rotas.flatMap((r) =>
    rota(r.layers, r.overrides, from, to)
      .filter((s) => s.user.id === user.id)
      .map((s) => ({ schedule: r.schedule, start: s.start, end: s.end, layer: s.source < 0 ? null : r.layers[s.source]!.name })),
  );
}
