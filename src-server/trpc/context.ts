import type { DB } from '../db/database';
import type { AuthService, Authenticated } from '../modules/auth/auth.service';

/** What every procedure and REST handler gets: the database, auth, and who is asking. */
export interface AppContext {
  db: DB;
  auth: AuthService;
  session: Authenticated | null;
  ip: string;
}

export function bearerToken(header: string | undefined | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export async function createContext(
  deps: { db: DB; auth: AuthService },
  authorization: string | null | undefined,
  ip: string,
): Promise<AppContext> {
  const token = bearerToken(authorization);
  return { ...deps, ip, session: token ? await deps.auth.authenticate(token) : null };
}
