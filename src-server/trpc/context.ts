import type { DB } from '../db/database';
import type { AuthService, Authenticated } from '../modules/auth/auth.service';
import type { HubClient } from '../modules/meterbeheer/hub-client';
import type { SyncService } from '../modules/meterbeheer/sync.service';
import type { SecretBox } from '../secrets';

/** The long-lived parts of the process that requests use. */
export interface AppServices {
  db: DB;
  auth: AuthService;
  hub: HubClient;
  secrets: SecretBox;
  sync: SyncService;
}

/** What every procedure and REST handler gets: the services, and who is asking from where. */
export interface AppContext extends AppServices {
  session: Authenticated | null;
  ip: string;
}

export function bearerToken(header: string | undefined | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export async function createContext(
  deps: AppServices,
  authorization: string | null | undefined,
  ip: string,
): Promise<AppContext> {
  const token = bearerToken(authorization);
  return { ...deps, ip, session: token ? await deps.auth.authenticate(token) : null };
}
