/** Locations: fields, limits and Dutch texts shared by the form, tRPC and REST. */
import * as v from 'valibot';
import { idSchema } from './common';
import { METER_TYPES } from './meter';
import { optionalText, requiredText } from './text';

export const locationFieldLabels = {
  organizationId: 'Organisatie',
  name: 'Naam',
  streetAddress: 'Adres',
  unit: 'Toevoeging',
  zipcode: 'Postcode',
  city: 'Plaats',
  state: 'Provincie',
  country: 'Land',
} as const;

const locationFields = {
  organizationId: v.pipe(v.number('Kies een organisatie.'), v.integer('Kies een organisatie.'), v.minValue(1, 'Kies een organisatie.')),
  name: requiredText(128, 'De naam van de locatie moet worden opgegeven.', 'De naam van de locatie mag maximaal 128 tekens lang zijn.'),
  streetAddress: requiredText(256, 'Het adres moet worden opgegeven.', 'Het adres mag maximaal 256 tekens lang zijn.'),
  unit: optionalText(32, 'De toevoeging mag maximaal 32 tekens lang zijn.'),
  zipcode: requiredText(16, 'De postcode moet worden opgegeven.', 'De postcode mag maximaal 16 tekens lang zijn.'),
  city: requiredText(128, 'De plaats moet worden opgegeven.', 'De plaats mag maximaal 128 tekens lang zijn.'),
  state: requiredText(64, 'De provincie moet worden opgegeven.', 'De provincie mag maximaal 64 tekens lang zijn.'),
  country: requiredText(64, 'Het land moet worden opgegeven.', 'Het land mag maximaal 64 tekens lang zijn.'),
};

export const createLocationSchema = v.object(locationFields);
export const updateLocationSchema = v.object({ locationId: idSchema, ...locationFields });
export type CreateLocation = v.InferOutput<typeof createLocationSchema>;
export type UpdateLocation = v.InferOutput<typeof updateLocationSchema>;

export const locationSchema = v.object({
  id: v.number(),
  organizationId: v.number(),
  organizationName: v.string(),
  name: v.string(),
  country: v.string(),
  state: v.string(),
  city: v.string(),
  streetAddress: v.string(),
  zipcode: v.string(),
  unit: v.nullable(v.string()),
});
export type Location = v.InferOutput<typeof locationSchema>;

export const locationSummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  meters: v.array(v.object({ id: v.number(), name: v.string(), type: v.picklist(METER_TYPES) })),
});
export type LocationSummary = v.InferOutput<typeof locationSummarySchema>;
