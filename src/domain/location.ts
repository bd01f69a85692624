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

/** What a location's customers see of its alarms beside its energy: nothing, or a summary (open and recently resolved alarms, maintenance, whom to call). */
export const CUSTOMER_VIEWS = ['NONE', 'SUMMARY'] as const;
export type CustomerView = (typeof CUSTOMER_VIEWS)[number];
export const customerViewLabels: Record<CustomerView, string> = {
  NONE: 'Alleen energie',
  SUMMARY: 'Energie, storingen en onderhoud',
};

/** Written by admins and the organization's installers; absent keeps what is stored. */
const customerFields = {
  customerView: v.optional(v.picklist(CUSTOMER_VIEWS, 'Kies wat de klant ziet: NONE (alleen energie) of SUMMARY (ook storingen en onderhoud).')),
  monthlyMail: v.optional(v.boolean('De maandmail staat aan (true) of uit (false).')),
};

export const createLocationSchema = v.object({ ...locationFields, ...customerFields });
/** PATCH: every field is optional; an absent one keeps its stored value. */
export const updateLocationSchema = v.object({
  locationId: idSchema,
  ...(Object.fromEntries(Object.entries(locationFields).map(([k, s]) => [k, v.optional(s)])) as {
    [K in keyof typeof locationFields]: v.OptionalSchema<(typeof locationFields)[K], undefined>;
  }),
  ...customerFields,
});
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
  customerView: v.picklist(CUSTOMER_VIEWS),
  monthlyMail: v.boolean(),
});
export type Location = v.InferOutput<typeof locationSchema>;

export const locationSummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  meters: v.array(v.object({ id: v.number(), name: v.string(), type: v.picklist(METER_TYPES) })),
});
export type LocationSummary = v.InferOutput<typeof locationSummarySchema>;
