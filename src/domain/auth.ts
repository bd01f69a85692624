/**
 * Sign-in schemas and the Dutch texts of the login outcomes.
 * The same schema validates the login form, the tRPC input and the REST body.
 */
import * as v from 'valibot';
import { presentString } from './text';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

export const emailSchema = v.pipe(
  presentString('Het e-mailadres moet worden opgegeven.'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Het e-mailadres moet worden opgegeven.'),
  v.maxLength(254, 'Het e-mailadres is te lang.'),
  v.email('Dit is geen geldig e-mailadres.'),
);

export const newPasswordSchema = v.pipe(
  presentString('Het wachtwoord moet worden opgegeven.'),
  v.nonEmpty('Het wachtwoord moet worden opgegeven.'),
  v.minLength(PASSWORD_MIN_LENGTH, `Het wachtwoord moet minstens ${PASSWORD_MIN_LENGTH} tekens lang zijn.`),
  v.maxLength(PASSWORD_MAX_LENGTH, 'Het wachtwoord is te lang.'),
);

export const loginSchema = v.object({
  email: emailSchema,
  password: v.pipe(
    presentString('Het wachtwoord moet worden opgegeven.'),
    v.nonEmpty('Het wachtwoord moet worden opgegeven.'),
    v.maxLength(PASSWORD_MAX_LENGTH, 'Het wachtwoord is te lang.'),
  ),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

export const refreshSchema = v.object({
  refreshToken: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
});

export const authTokensSchema = v.object({ accessToken: v.string(), refreshToken: v.string() });
export type AuthTokens = v.InferOutput<typeof authTokensSchema>;

/** Logging out: the bearer token's sign-in ends, and that of a refresh token in the body. */
export const logoutSchema = v.optional(v.object({ refreshToken: v.optional(v.string()) }));

/** The login failures the client distinguishes. */
export type LoginFailure = 'NOT_FOUND' | 'INVALID_PASSWORD' | 'UNKNOWN';

export const loginFailureMessages: Record<LoginFailure, string> = {
  NOT_FOUND: 'Er bestaat geen gebruiker met dit e-mailadres.',
  INVALID_PASSWORD: 'Het wachtwoord is onjuist.',
  UNKNOWN: 'Inloggen is niet gelukt door een onbekende fout. Probeer het later opnieuw.',
};

export const tooManyAttemptsMessage = (retryAfterSeconds: number) =>
  `Te veel mislukte inlogpogingen. Probeer het over ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minuten opnieuw.`;
