import type { Services } from '../services';
import type { Authenticated } from '../modules/auth/auth.service';

/** The long-lived parts of the process that requests use (built once in `services.ts`). */
export type AppServices = Omit<Services, 'close'>;

/** What every procedure and REST handler gets: the services, and who is asking from where. */
export interface AppContext extends AppServices {
  session: Authenticated | null;
  /** The bearer token as sent, for logging out. */
  token: string | null;
  ip: string;
  /** How the call came in: the browser's tRPC or the REST adapter (scripts, monitoring tools): history names API calls as such. */
  via: 'trpc' | 'rest';
}

function bearerToken(header: string | undefined | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export async function createContext(
  deps: AppServices,
  authorization: string | null | undefined,
  ip: string,
  via: AppContext['via'] = 'trpc',
): Promise<AppContext> {
  const token = bearerToken(authorization);
  return { ...deps, ip, via, token, session: token ? await deps.auth.authenticate(token) : null };
}
