/**
 * Invitations and password resets: the schemas the forms, tRPC and REST share,
 * and their Dutch texts. A link carries a one-time token; the invitee or user sets the password.
 */
import * as v from 'valibot';
import { emailSchema, newPasswordSchema } from './auth';
import { presentString } from './text';

/** How long a link works: an invitation 72 hours, a reset link 1 hour. */
export const INVITATION_TTL_SECONDS = 72 * 3600;
export const PASSWORD_RESET_TTL_SECONDS = 3600;

export type UserTokenKind = 'invitation' | 'password-reset';

const tokenSchema = v.pipe(
  presentString('De link is onvolledig: de code ontbreekt.'),
  v.nonEmpty('De link is onvolledig: de code ontbreekt.'),
  v.maxLength(200, 'Deze link is ongeldig.'),
);

export const invitationResultSchema = v.object({ id: v.number(), inviteUrl: v.string() });
export type InvitationResult = v.InferOutput<typeof invitationResultSchema>;

/** Setting the password from a link: the same rules as creating a user. */
export const setPasswordWithTokenSchema = v.object({ token: tokenSchema, password: newPasswordSchema });
export type SetPasswordWithToken = v.InferOutput<typeof setPasswordWithTokenSchema>;

export const passwordResetRequestSchema = v.object({ email: emailSchema });

/** The one answer to "Wachtwoord vergeten", whether or not the address exists. */
export const PASSWORD_RESET_REQUESTED =
  'Als er een account met dit e-mailadres bestaat, hebben we een e-mail gestuurd met een link om je wachtwoord opnieuw in te stellen. De link is 1 uur geldig.';

export const tokenMessages: Record<UserTokenKind, { invalid: string; expired: string; used: string }> = {
  invitation: {
    invalid: 'Deze uitnodigingslink is ongeldig. Vraag degene die je uitnodigde om een nieuwe uitnodiging.',
    expired: 'Deze uitnodiging is verlopen (een uitnodiging is 72 uur geldig). Vraag degene die je uitnodigde om een nieuwe uitnodiging.',
    used: 'Deze uitnodiging is al gebruikt. Log in met het wachtwoord dat je toen koos, of gebruik "Wachtwoord vergeten".',
  },
  'password-reset': {
    invalid: 'Deze link om je wachtwoord opnieuw in te stellen is ongeldig. Vraag een nieuwe aan via "Wachtwoord vergeten".',
    expired: 'Deze link is verlopen (een link om je wachtwoord opnieuw in te stellen is 1 uur geldig). Vraag een nieuwe aan via "Wachtwoord vergeten".',
    used: 'Deze link is al gebruikt. Vraag een nieuwe aan via "Wachtwoord vergeten" als je je wachtwoord opnieuw wilt instellen.',
  },
};

export const tooManyResetRequestsMessage = (retryAfterSeconds: number) =>
  `Te veel aanvragen. Probeer het over ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minuten opnieuw.`;
