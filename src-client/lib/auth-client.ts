/**
 * The browser side of authentication: sign in and out over REST, and `authFetch`, which sends the
 * bearer token, refreshes once on a 401 (one refresh at a time, shared by concurrent requests),
 * and otherwise forgets the tokens so the protected wrapper sends the user to /login.
 */
import { type AuthTokens, type LoginFailure, loginFailureMessages, tooManyAttemptsMessage } from '@/domain/auth';
import { clearTokens, readTokens, writeTokens } from './token-store';

export class LoginError extends Error {
  constructor(
    readonly reason: LoginFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Maps the login answer to the login form's outcomes: 404 NOT_FOUND, 401 INVALID_PASSWORD, else UNKNOWN. */
export async function login(email: string, password: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    throw new LoginError('UNKNOWN', loginFailureMessages.UNKNOWN);
  }
  if (res.ok) {
    writeTokens((await res.json()) as AuthTokens);
    return;
  }
  if (res.status === 404) throw new LoginError('NOT_FOUND', loginFailureMessages.NOT_FOUND);
  if (res.status === 401) throw new LoginError('INVALID_PASSWORD', loginFailureMessages.INVALID_PASSWORD);
  if (res.status === 429) {
    throw new LoginError('UNKNOWN', tooManyAttemptsMessage(Number(res.headers.get('retry-after')) || 60));
  }
  throw new LoginError('UNKNOWN', loginFailureMessages.UNKNOWN);
}

export async function logout(): Promise<void> {
  const tokens = readTokens();
  clearTokens();
  if (!tokens) return;
  await fetch('/auth/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: tokens.refreshToken }),
  }).catch(() => undefined);
}

let refreshing: Promise<boolean> | null = null;

/** Rotates the tokens (one refresh at a time); false, with the tokens forgotten, when the sign-in has ended. */
export function refreshOnce(): Promise<boolean> {
  refreshing ??= (async () => {
    const tokens = readTokens();
    if (!tokens) return false;
    const res = await fetch('/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    }).catch(() => null);
    if (res?.ok) {
      writeTokens((await res.json()) as AuthTokens);
      return true;
    }
    if (res && (res.status === 401 || res.status === 400)) clearTokens();
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withBearer(init: RequestInit | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  const tokens = readTokens();
  if (tokens) headers.set('authorization', `Bearer ${tokens.accessToken}`);
  return { ...init, headers };
}

export async function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, withBearer(init));
  if (res.status !== 401 || !readTokens()) return res;
  return (await refreshOnce()) ? fetch(input, withBearer(init)) : res;
}

export const isSignedIn = () => readTokens() !== null;
