/** Meters: electricity with optional import/export channels, gas with an import channel. */
import * as v from 'valibot';
import { documentedAs, idSchema } from './common';
import { requiredText } from './text';

export const METER_TYPES = ['electricity', 'gas'] as const;
export type MeterType = (typeof METER_TYPES)[number];
export const meterTypeLabels: Record<MeterType, string> = { electricity: 'Elektriciteit', gas: 'Gas' };
/** The meter itself, spelled whole ('Elektriciteitsmeter', with the linking s; not label + 'meter'). */
export const meterNouns: Record<MeterType, string> = { electricity: 'Elektriciteitsmeter', gas: 'Gasmeter' };

const channelRef = v.object({ type: v.literal('meterbeheer', 'Alleen kanalen van Meterbeheer worden ondersteund.'), id: idSchema });
const name = requiredText(128, 'De naam van de meter moet worden opgegeven.', 'De naam van de meter mag maximaal 128 tekens lang zijn.');
const locationId = v.pipe(v.number('Kies een locatie.'), v.integer('Kies een locatie.'), v.minValue(1, 'Kies een locatie.'));

const meterFields = {
  electricity: {
    type: v.literal('electricity'),
    name,
    locationId,
    netImportChannel: v.nullish(channelRef, null),
    netExportChannel: v.nullish(channelRef, null),
  },
  gas: {
    type: v.literal('gas'),
    name,
    locationId,
    netImportChannel: documentedAs(
      v.pipe(
        // A default makes valibot run the check also when the key is absent.
        v.nullish(channelRef, null),
        v.check((ref) => Boolean(ref), 'Kies het kanaal van de gasmeter.'),
        v.transform((ref) => ref!),
      ),
      channelRef,
      { required: true },
    ),
  },
};

export const createMeterSchema = v.variant('type', [v.object(meterFields.electricity), v.object(meterFields.gas)], 'Het type moet electricity of gas zijn.');
export type CreateMeter = v.InferOutput<typeof createMeterSchema>;

export const updateMeterSchema = v.variant('type', [
  v.object({ meterId: idSchema, ...meterFields.electricity }),
  v.object({ meterId: idSchema, ...meterFields.gas }),
]);
export type UpdateMeter = v.InferOutput<typeof updateMeterSchema>;

const meterChannelSchema = v.object({ type: v.literal('meterbeheer'), id: v.number(), updateTimestamp: v.nullable(v.string()) });

export const meterSchema = v.object({
  id: v.number(),
  name: v.string(),
  type: v.picklist(METER_TYPES),
  locationId: v.number(),
  locationName: v.string(),
  netImportChannel: v.nullable(meterChannelSchema),
  netExportChannel: v.nullable(meterChannelSchema),
});
export type Meter = v.InferOutput<typeof meterSchema>;
