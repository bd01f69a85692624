/** The tokens live in localStorage under 'authentication', as {accessToken, refreshToken}. */
import type { AuthTokens } from '@/domain/auth';

const KEY = 'authentication';

export function readTokens(): AuthTokens | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return typeof value?.accessToken === 'string' && typeof value?.refreshToken === 'string' ? value : null;
  } catch {
    return null;
  }
}

export const writeTokens = (tokens: AuthTokens) => localStorage.setItem(KEY, JSON.stringify(tokens));
export const clearTokens = () => localStorage.removeItem(KEY);
