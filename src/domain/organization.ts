/** Organizations: schemas and texts shared by the form, tRPC and REST. */
import * as v from 'valibot';
import { idSchema } from './common';
import { locationSchema } from './location';
import { requiredText } from './text';

const ORGANIZATION_NAME_MAX = 128;

/** An organization id the caller may not see, or that does not exist (404, or a field error on input). */
export const ORGANIZATION_ABSENT = 'Deze organisatie bestaat niet.';

const name = requiredText(
  ORGANIZATION_NAME_MAX,
  'De naam van de organisatie moet worden opgegeven.',
  `De naam van de organisatie mag maximaal ${ORGANIZATION_NAME_MAX} tekens lang zijn.`,
);

export const createOrganizationSchema = v.object({ name });
export const updateOrganizationSchema = v.object({ organizationId: idSchema, name });
export type CreateOrganization = v.InferOutput<typeof createOrganizationSchema>;

export const organizationSchema = v.object({ id: v.number(), name: v.string(), locations: v.array(locationSchema) });
export type Organization = v.InferOutput<typeof organizationSchema>;
