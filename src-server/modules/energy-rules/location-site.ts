/** The location's page: its meters with the start of their newest value per channel, and its open alarms. */
import type { LocationSite } from '@/domain/energy-rule';
import type { User } from '@/domain/user';
import { amsterdamIso } from '@/lib/amsterdam';
import type { DB } from '../../platform/db/database';
import { openAlarmsOfLocation } from '../alarms/alarms.queries';
import { lastMeasurementTs } from '../measurement-store/measurement-store.queries';
import { metersOfLocation } from '../meters/meters.queries';

const OPEN_ALARMS_SHOWN = 50;

export async function locationSite(deps: { db: DB }, user: User, locationId: number): Promise<LocationSite> {
  const meters = await metersOfLocation(deps.db, user, locationId);
  const withChannels = await Promise.all(
    meters.map(async (m) => {
      const refs = [
        ['import', m.netImportChannel],
        ['export', m.netExportChannel],
      ] as const;
      const channels = await Promise.all(
        refs.flatMap(([channel, ref]) =>
          ref
            ? [
                lastMeasurementTs(deps.db, ref.id).then((ts) => ({
                  channel,
                  channelId: ref.id,
                  lastValueAt: ts === null ? null : amsterdamIso(ts * 1000),
                  syncedAt: ref.updateTimestamp,
                })),
              ]
            : [],
        ),
      );
      return { id: m.id, name: m.name, type: m.type, channels };
    }),
  );
  const alarms = await openAlarmsOfLocation(deps.db, user, locationId, OPEN_ALARMS_SHOWN);
  return {
    meters: withChannels,
    alarms: alarms.map(({ groupKey, receivedAt, ...a }) => ({ ...a, key: groupKey, receivedAt: new Date(receivedAt * 1000).toISOString() })),
  };
}
