/**
 * The error answers each operation documents, by status, derived from what its procedure can
 * answer (client generators such as orval need explicit statuses, not a `4XX` range): the tier
 * (401 signed in, 403 a role check), the input (400 invalid, 404 an id that names a record), the
 * body (413, 415 on every request that may carry one), and what only the procedure's own code
 * knows, declared in its `meta.rest.errors` (409 conflicts, 429 rate limits, 502 the HUB failing).
 * Every error has the one body `errorBody` writes.
 */
import { adminProcedure, staffProcedure } from '../trpc/trpc';
import type { RestOperation } from './rest-adapter';

const ERRORS = {
  400: ['BadRequest', 'Invalid input; `fieldErrors` names the fields, with Dutch messages'],
  401: ['Unauthorized', 'No valid access token (or, signing in, a wrong password)'],
  403: ['Forbidden', 'The role may not do this at all'],
  404: ['NotFound', 'No such record, or one outside your organization'],
  409: ['Conflict', 'Something still depends on it, or the value is already in use'],
  413: ['PayloadTooLarge', 'The body is larger than the limit'],
  415: ['UnsupportedMediaType', 'The body is not JSON (an upload: not multipart/form-data)'],
  429: ['TooManyRequests', 'Too many attempts; try again after `Retry-After` seconds'],
  502: ['BadGateway', 'Meterbeheer HUB failed; nothing changed, try again'],
} as const;
type ErrorStatus = keyof typeof ERRORS;

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'e.g. BAD_REQUEST, NOT_FOUND, CONFLICT' },
        message: { type: 'string', description: 'Dutch, for people' },
        fieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
};

const retryAfter = {
  'Retry-After': { description: 'Seconds until the next attempt may succeed', schema: { type: 'integer', minimum: 1 } },
};

export const errorComponents = {
  schemas: { Error: errorSchema },
  responses: Object.fromEntries(
    Object.entries(ERRORS).map(([status, [name, description]]) => [
      name,
      {
        description,
        ...(status === '429' ? { headers: retryAfter } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  ),
};

/** The guard each role tier adds last: a procedure built on the tier carries it. */
const roleGuards = [staffProcedure, adminProcedure].map((p) => (p._def.middlewares as unknown[]).at(-1));
/** Customers get a 403 on every path of the alarm area. */
const ALARM_AREA = '/api/v1/alarms/';
/** The inbound hooks take an ingest token, not a user: there is no role to refuse. */
const HOOKS = '/api/v1/alarms/hooks/';
/** A path parameter of these types picks a variant (`{granularity}`, `{provider}`): a wrong one is a 400. */
const CHOICES = new Set(['picklist', 'literal', 'enum']);
/** An input key that names records by id (`folderId`, `locationIds`), which the caller may not see or which may not exist. */
const NAMES_IDS = /(Id|Ids)$/;
type Schema = { type: string; wrapped?: Schema; options?: Schema[]; item?: Schema };
const holdsIds = (s: Schema | undefined): boolean =>
  !!s && (s.type === 'number' || holdsIds(s.wrapped) || holdsIds(s.item) || (s.options ?? []).some(holdsIds));

function errorStatuses(op: RestOperation): Set<ErrorStatus> {
  const statuses = new Set<ErrorStatus>(op.route.errors);
  const keys = Object.keys(op.input.entries);
  if (keys.length > 0) statuses.add(400);
  if (!op.route.public) statuses.add(401);
  if (op.middlewares.some((m) => roleGuards.includes(m)) || (op.route.path.startsWith(ALARM_AREA) && !op.route.path.startsWith(HOOKS))) statuses.add(403);
  const pathRecord = [...op.pathKeys.values()].some((key) => !CHOICES.has(op.input.entries[key]?.type ?? ''));
  if (pathRecord || keys.some((k) => NAMES_IDS.test(k) && holdsIds(op.input.entries[k] as Schema))) statuses.add(404);
  if (op.route.method !== 'GET') {
    statuses.add(413);
    statuses.add(415);
  }
  return statuses;
}

/** The operation's error responses, by status in ascending order, each a reference to the shared one. */
export function errorResponses(op: RestOperation) {
  const statuses = [...errorStatuses(op)].sort((a, b) => a - b);
  return Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${ERRORS[status][0]}` }]));
}
