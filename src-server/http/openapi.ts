/**
 * The OpenAPI 3.1 document of the REST adapter (`GET /api/openapi.json`), with request bodies and
 * query strings generated from the same valibot schemas that validate them.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import type { GenericSchema } from 'valibot';
import { localDateTimeSchema } from '@/domain/measurement';
import { loginSchema, refreshSchema } from '@/domain/auth';
import { addFeedSchema } from '@/domain/feed';
import { createLocationSchema } from '@/domain/location';
import { createOrganizationSchema } from '@/domain/organization';
import { listQuerySchema } from '@/domain/paging';
import { createUserSchema, updatePasswordSchema } from '@/domain/user';
import { createMeterSchema } from '@/domain/meter';

interface Operation {
  summary: string;
  body?: GenericSchema;
  query?: GenericSchema;
  ok: number;
  public?: true;
}

const schema = (s: GenericSchema) => toJsonSchema(s, { errorMode: 'ignore', typeMode: 'input' });
const rangeQuery = v.object({ from: localDateTimeSchema('from'), to: localDateTimeSchema('to') });
const dateQuery = v.object({ date: localDateTimeSchema('date') });
const list = (what: string): Operation => ({ summary: `Page through ${what} (pageNumber 0-based, pageSize ≤ 100, query)`, query: listQuerySchema, ok: 200 });

export const restOperations: Record<string, Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', Operation>>> = {
  '/auth/login': { post: { summary: 'Sign in: {accessToken, refreshToken}; 404 unknown e-mail, 401 wrong password, 429 too many failures', body: loginSchema, ok: 200, public: true } },
  '/auth/refresh': { post: { summary: 'Rotate the tokens; a spent refresh token revokes the sign-in', body: refreshSchema, ok: 200, public: true } },
  '/auth/logout': { post: { summary: 'End the sign-in of the bearer token', ok: 204, public: true } },
  '/auth/me': { get: { summary: 'The signed-in user', ok: 200 } },
  '/api/organizations': { put: { summary: 'Create an organization (admin)', body: createOrganizationSchema, ok: 201 } },
  '/api/organizations/list': { get: list('organizations') },
  '/api/organizations/with-locations': { get: { summary: 'Every visible organization with its locations', ok: 200 } },
  '/api/organization/{id}': {
    get: { summary: 'One organization with its locations', ok: 200 },
    patch: { summary: 'Rename an organization (admin)', body: createOrganizationSchema, ok: 200 },
    delete: { summary: 'Delete an organization without locations or installers (admin); 409 otherwise', ok: 204 },
  },
  '/api/locations': { post: { summary: 'Create a location', body: createLocationSchema, ok: 201 } },
  '/api/locations/list': { get: list('locations') },
  '/api/location/{id}': {
    get: { summary: 'One location', ok: 200 },
    patch: { summary: 'Edit a location', body: createLocationSchema, ok: 200 },
    delete: { summary: 'Delete a location without customers; 409 otherwise', ok: 204 },
  },
  '/api/location/{id}/summary': { get: { summary: '{id, name, meters[]}', ok: 200 } },
  '/api/users/create': { post: { summary: 'Create a user; the body is discriminated by type', body: createUserSchema, ok: 201 } },
  '/api/users/list': { get: list('users') },
  '/api/user/{id}': {
    get: { summary: 'One user', ok: 200 },
    patch: { summary: 'Edit e-mail, name and the fields of the user type', ok: 200 },
    delete: { summary: 'Delete a user (not yourself)', ok: 204 },
  },
  '/api/meters/create': { post: { summary: 'Create a meter; electricity or gas, bound to channels by {type: "meterbeheer", id}', body: createMeterSchema, ok: 201 } },
  '/api/meters/list': { get: list('meters') },
  '/api/meter/{id}': {
    get: { summary: 'One meter', ok: 200 },
    patch: { summary: 'Edit a meter (not its type)', ok: 200 },
    delete: { summary: 'Delete a meter (its channels and data stay)', ok: 204 },
  },
  '/api/meterbeheer/feeds/list': { get: list('feeds') },
  '/api/meterbeheer/feeds/add/{provider}': { post: { summary: "Add a feed at Meterbeheer HUB with the provider's form fields; 502 when the HUB fails", body: addFeedSchema, ok: 201 } },
  '/api/meterbeheer/feed/{uuid}': {
    get: { summary: 'One feed with its channels', ok: 200 },
    delete: { summary: 'Delete a feed here and at the HUB; 409 while a meter uses it', ok: 204 },
  },
  '/api/meterbeheer/feed/{uuid}/detach': { post: { summary: 'Unlink every meter from the feed; answers the feed', ok: 200 } },
  '/api/meterbeheer/channel/{id}/with-feed': { get: { summary: 'One channel with its feed', ok: 200 } },
  '/api/meterbeheer/sync': { post: { summary: 'Sync every feed now (admin); answers a summary when done', ok: 200 } },
  '/api/meter-channel/{ids}/measurements/aggregate/{granularity}': { get: { summary: 'Sums per local bucket (quarter_hour|hour|day|week|month|year), one value per channel, null without data; from/to local YYYY-MM-DDTHH:mm:ss', query: rangeQuery, ok: 200 } },
  '/api/meter-channel/{ids}/measurements/select/{kind}': { get: { summary: 'Per stored interval summed over the channels (interval) or a running total (cumulative)', query: rangeQuery, ok: 200 } },
  '/api/meter-channel/{ids}/measurements/sum/total': { get: { summary: 'One number: the sum over channels and range', query: rangeQuery, ok: 200 } },
  '/api/meter-channel/{ids}/measurements/predict-sum/hourly-at-date': { get: { summary: 'Hourly forecast of the summed channels for a local date', query: dateQuery, ok: 200 } },
  '/api/meter-channel/{ids}/measurements/predict-sum/total-at-date': { get: { summary: "Forecast of the date's total", query: dateQuery, ok: 200 } },
  '/api/user/{id}/update-password': { post: { summary: 'Set a new password; the user’s other sessions end', body: updatePasswordSchema, ok: 204 } },
};

const errorResponse = {
  description: 'Error: {error: {code, message, fieldErrors?}}',
  content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object', required: ['code', 'message'] } } } } },
};

function queryParameters(query: GenericSchema) {
  const json = schema(query) as { properties?: Record<string, object> };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: false, schema: s }));
}

const pathParameterSchemas: Record<string, object> = {
  id: { type: 'integer', minimum: 1 },
  uuid: { type: 'string' },
  ids: { type: 'string', pattern: '^[1-9][0-9]*(,[1-9][0-9]*)*$' },
  granularity: { type: 'string', enum: ['quarter_hour', 'hour', 'day', 'week', 'month', 'year'] },
  kind: { type: 'string', enum: ['interval', 'cumulative'] },
  provider: { type: 'string', enum: ['fudura', 'anexo', 'solaredge', 'joulz', 'kenter', 'meetbedrijf'] },
};

const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: pathParameterSchemas[name!] }));

export function openApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const [path, operations] of Object.entries(restOperations)) {
    paths[path] = {};
    for (const [method, op] of Object.entries(operations)) {
      paths[path][method] = {
        summary: op.summary,
        ...(op.public ? { security: [] } : {}),
        parameters: [...pathParameters(path), ...(op.query ? queryParameters(op.query) : [])],
        ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(op.body) } } } } : {}),
        responses: { [op.ok]: { description: op.ok === 204 ? 'Done' : 'OK' }, '4XX': errorResponse },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Energiebeheer REST adapter', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
