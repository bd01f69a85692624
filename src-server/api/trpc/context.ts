import type { User } from '@/domain/user';
import type { Authenticated } from '../../platform/caller';
import type { Clock } from '../../platform/clock';
import type { ChangeNotices } from '../../platform/db/change-notices';
import type { DB } from '../../platform/db/database';
import type { Engine } from '../../../migrations/portable';
import type { EventBus } from '../../platform/events/event-bus';
import type { Leases } from '../../platform/jobs/leases';
import type { JobRunner } from '../../platform/jobs/runner';
import type { ParserSandbox } from '../../platform/sandbox/parser-sandbox.types';
import type { SecretBox } from '../../platform/secrets';
import type { Metrics } from '../../platform/metrics';
import type { Logger } from '../../platform/logger';

/**
 * The long-lived parts of the process that requests use, built once by the composition root
 * (services.ts). The platform's parts are listed here; each module adds the services its
 * procedures use beside its router (`declare module '…/api/trpc/context' { interface AppServices … }`),
 * so this layer names no module and the composition root's build is checked against all of them.
 */
export interface AppServices {
  db: DB;
  engine: Engine;
  /** This process's name in leases and job locks. */
  instanceId: string;
  clock: Clock;
  leases: Leases;
  secrets: SecretBox;
  jobs: JobRunner;
  events: EventBus;
  /** Whether this instance's caches hear every change now (PostgreSQL: while its LISTEN connection is up). */
  notices: ChangeNotices;
  sandbox: ParserSandbox;
  /** How often a live stream sends its heartbeat and rechecks its reader's access. */
  liveHeartbeatMs: number;
  /** The Prometheus registry /metrics answers from. */
  metrics: Metrics;
  /** One line per request and job run. */
  log: Logger;
}

/** What the context needs to know who is asking. */
interface SessionCheck {
  auth: { authenticate(token: string): Promise<Authenticated | null> };
}

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
const templates = new WeakMap<AppServices & SessionCheck, AppContext>();

function templateOf(deps: AppServices & SessionCheck): AppContext {
  let template = templates.get(deps);
  if (!template) templates.set(deps, (template = { ...deps, ip: '', via: 'trpc', token: null, session: null, user: null }));
  return template;
}

export async function createContext(
  deps: AppServices & SessionCheck,
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
