import type { Services } from '../../services';
import type { User } from '@/domain/user';
import type { Authenticated } from '../../modules/auth/auth.service';

/** The long-lived parts of the process that requests use (built once in `services.ts`). */
export type AppServices = Omit<Services, 'close'>;

/** What every procedure and REST handler gets: the services, and who is asking from where. */
export interface AppContext extends AppServices {
  session: Authenticated | null;
  /** The session's user, set with it (the signed-in tiers narrow both to non-null). */
  user: User | null;
  /** The bearer token as sent, for logging out. */
  token: string | null;
  ip: string;
  /** How the call came in: the browser's tRPC or the REST adapter (scripts, monitoring tools): history names API calls as such. */
  via: 'trpc' | 'rest';
}

export function bearerToken(header: string | undefined | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * Per services object, a context of the right shape to copy. `{ ...deps, ip, via, token, session }`
 * on every request cost about 9 µs (V8 builds an object of 30 keys plus four new ones key by key);
 * copying an object of the final shape and setting its own keys costs well under one.
 */
const templates = new WeakMap<AppServices, AppContext>();

function templateOf(deps: AppServices): AppContext {
  let template = templates.get(deps);
  if (!template) templates.set(deps, (template = { ...deps, ip: '', via: 'trpc', token: null, session: null, user: null }));
  return template;
}

export async function createContext(
  deps: AppServices,
  authorization: string | null | undefined,
  ip: string,
  via: AppContext['via'] = 'trpc',
): Promise<AppContext> {
  const token = bearerToken(authorization);
  const session = token ? await deps.auth.authenticate(token) : null;
  const ctx = { ...templateOf(deps) };
  ctx.ip = ip;
  ctx.via = via;
  ctx.token = token;
  ctx.session = session;
  ctx.user = session?.user ?? null;
  return ctx;
}
