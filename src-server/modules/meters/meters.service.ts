/** Meters: bound to a location the user may see, and to channels of feeds the user may see. */
import type { CreateMeter, UpdateMeter } from '@/domain/meter';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { notFound, invalidField } from '../../platform/errors';
import { findLocation } from '../locations/locations.queries';
import { findVisibleChannel } from '../meterbeheer/meterbeheer.queries';
import type { Caller } from '../../platform/caller';
import { channelIdsOf, deleteMeterRow, findMeter, insertMeter, updateMeterRow } from './meters.queries';

/** Meters need nothing from modules above them: the database and the clock. */
export interface MeterDeps {
  db: DB;
  clock: Clock;
}

export async function getMeter({ db }: MeterDeps, caller: Caller, id: number) {
  const { user } = caller;
  const meter = await findMeter(db, user, id);
  if (!meter) throw notFound('Deze meter bestaat niet.');
  return meter;
}

/**
 * Checks location and channels and gives the columns to store. `kept`: the channels the meter
 * already uses, accepted as they are even when their feed is not the user's (an admin-only feed):
 * an installer can rename its meter without losing the channel it cannot pick anew.
 */
async function meterColumns(db: DB, user: User, input: CreateMeter, kept: ReadonlySet<number> = new Set()) {
  if (!(await findLocation(db, user, input.locationId))) throw invalidField('locationId', 'Deze locatie bestaat niet.');
  const ids: Record<'netImportChannel' | 'netExportChannel', number | null> = { netImportChannel: null, netExportChannel: null };
  const refs = { netImportChannel: input.netImportChannel, netExportChannel: input.type === 'electricity' ? input.netExportChannel : null };
  for (const field of ['netImportChannel', 'netExportChannel'] as const) {
    const ref = refs[field];
    if (!ref) continue;
    if (kept.has(ref.id)) {
      ids[field] = ref.id;
      continue;
    }
    const channel = await findVisibleChannel(db, user, ref.id);
    if (!channel) throw invalidField(field, 'Dit kanaal bestaat niet.');
    if (channel.meterKind !== input.type) {
      throw invalidField(field, input.type === 'gas' ? 'Kies een kanaal van een gasfeed.' : 'Kies een kanaal van een elektriciteitsfeed.');
    }
    ids[field] = channel.id;
  }
  if (ids.netImportChannel !== null && ids.netImportChannel === ids.netExportChannel) {
    throw invalidField('netExportChannel', 'Levering en teruglevering kunnen niet hetzelfde kanaal zijn.');
  }
  return {
    locationId: input.locationId,
    name: input.name,
    type: input.type,
    netImportChannelId: ids.netImportChannel,
    netExportChannelId: ids.netExportChannel,
  };
}

export async function createMeter(deps: MeterDeps, caller: Caller, input: CreateMeter) {
  const { user } = caller;
  const { db, clock } = deps;
  const values = await meterColumns(db, user, input);
  const id = await insertMeter(db, { ...values, createdAt: epochSeconds(clock) });
  return getMeter(deps, caller, id);
}

export async function updateMeter(deps: MeterDeps, caller: Caller, { meterId, ...input }: UpdateMeter) {
  const { user } = caller;
  const { db } = deps;
  const current = await getMeter(deps, caller, meterId);
  if (current.type !== input.type) throw invalidField('type', 'Het type van een meter kan niet worden gewijzigd.');
  await updateMeterRow(db, meterId, await meterColumns(db, user, input as CreateMeter, channelIdsOf(current)));
  return getMeter(deps, caller, meterId);
}

export async function deleteMeter(deps: MeterDeps, caller: Caller, id: number) {
  await getMeter(deps, caller, id);
  await deleteMeterRow(deps.db, id);
}
