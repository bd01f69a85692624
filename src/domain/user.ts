import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, emailSchema, newPasswordSchema } from './auth';
import { idSchema } from './common';
import { optionalText, presentString } from './text';

/** The user as every API returns it: discriminated by `type`, never with secrets. */
export const USER_TYPES = ['admin', 'installer', 'customer'] as const;
export type UserType = (typeof USER_TYPES)[number];

const userBase = { id: v.number(), email: v.string(), fullName: v.nullable(v.string()) };
export const userSchema = v.variant('type', [
  v.object({ type: v.literal('admin'), ...userBase }),
  v.object({ type: v.literal('installer'), ...userBase, organizationId: v.number() }),
  v.object({ type: v.literal('customer'), ...userBase, locationIds: v.array(v.number()) }),
]);
export type User = v.InferOutput<typeof userSchema>;

export const userTypeLabels: Record<UserType, string> = {
  admin: 'Beheerder',
  installer: 'Installateur',
  customer: 'Klant',
};

const fullName = optionalText(128, 'De naam mag maximaal 128 tekens lang zijn.');
const locationIds = v.pipe(
  v.array(idSchema, 'Kies minstens één locatie.'),
  v.minLength(1, 'Kies minstens één locatie.'),
  v.maxLength(1000, 'Kies hoogstens 1000 locaties.'),
  v.transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);
const organizationId = idSchema;
const common = { email: emailSchema, fullName };

/** Creating a user: the body is discriminated by `type`. */
export const createUserSchema = v.variant(
  'type',
  [
    v.object({ type: v.literal('admin'), ...common, password: newPasswordSchema }),
    v.object({ type: v.literal('installer'), ...common, password: newPasswordSchema, organizationId }),
    v.object({ type: v.literal('customer'), ...common, password: newPasswordSchema, locationIds }),
  ],
  'Het type moet admin, installer of customer zijn.',
);

/** Inviting a user: the create-user body without `password`; the invitee sets it. */
export const inviteUserSchema = v.variant(
  'type',
  [
    v.object({ type: v.literal('admin'), ...common }),
    v.object({ type: v.literal('installer'), ...common, organizationId }),
    v.object({ type: v.literal('customer'), ...common, locationIds }),
  ],
  'Het type moet admin, installer of customer zijn.',
);
export type InviteUser = v.InferOutput<typeof inviteUserSchema>;

export type CreateUser = v.InferOutput<typeof createUserSchema>;

/** Editing a user: name and e-mail, plus the fields of its type; the type itself never changes. */
export const updateUserSchema = v.object({
  userId: idSchema,
  ...common,
  organizationId: v.optional(organizationId),
  locationIds: v.optional(locationIds),
});
export type UpdateUser = v.InferOutput<typeof updateUserSchema>;

export const passwordChangeMessages = {
  currentMissing: 'Vul je huidige wachtwoord in.',
  currentWrong: 'Het huidige wachtwoord is onjuist.',
};

export const currentPasswordSchema = v.pipe(
  presentString(passwordChangeMessages.currentMissing),
  v.nonEmpty(passwordChangeMessages.currentMissing),
  v.maxLength(PASSWORD_MAX_LENGTH, 'Het wachtwoord is te lang.'),
);

/**
 * A new password. `currentPassword` is required when users change their own (a stolen access
 * token alone must not be enough), not when an admin or installer resets someone else's.
 */
export const updatePasswordSchema = v.object({ password: newPasswordSchema, currentPassword: v.optional(currentPasswordSchema) });
export type UpdatePassword = v.InferOutput<typeof updatePasswordSchema>;

export const userFieldLabels = {
  email: 'E-mailadres',
  fullName: 'Naam',
  password: 'Wachtwoord',
  organizationId: 'Organisatie',
  locationIds: 'Locaties',
} as const;
