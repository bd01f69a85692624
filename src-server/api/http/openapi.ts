/**
 * The OpenAPI 3.1 document of the REST adapter (`GET /api/openapi.json`), generated from the
 * same procedures the adapter serves: paths, parameters, bodies and answers come from their
 * routes and valibot schemas, so nothing here is written twice.
 */
import type { AnyTRPCRouter } from '@trpc/server';
import { outputSchema } from '../trpc/trusted-output';
import { openApiSchema } from './json-schema';
import { errorComponents, errorResponses } from './openapi-responses';
import { bodySchema } from './procedure-schemas';
import { type RestOperation, isNumericParam, requiredQueryKeys, restOperations } from './rest-adapter';

/** The tRPC router an operation belongs to (`alarmParser` of `alarmParser.create`) groups it. */
const tagOf = (op: RestOperation) => op.name.split('.')[0]!;

function parameters(op: RestOperation) {
  const fromPath = [...op.pathKeys].map(([name, key]) => {
    const entry = op.input.entries[key];
    const schema = isNumericParam(op, name) ? { type: 'integer', minimum: 1 } : entry ? openApiSchema(entry, 'input') : { type: 'string' };
    return { name, in: 'path', required: true, schema };
  });
  if (op.body !== 'query') return fromPath;
  const inPath = new Set(op.pathKeys.values());
  const required = requiredQueryKeys(op);
  const query = Object.entries(op.input.entries)
    .filter(([key]) => !inPath.has(key))
    .map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: openApiSchema(s, 'input') }));
  return [...fromPath, ...query];
}

function operation(op: RestOperation) {
  const body = op.body === 'json' || op.body === 'optional' ? bodySchema(op.input, new Set(op.pathKeys.values())) : null;
  const output = outputSchema(op.output);
  const { status } = op.route;
  const bodyContent = op.route.multipart
    ? { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } }
    : body && { 'application/json': { schema: openApiSchema(body, 'input') } };
  const answer =
    op.type === 'subscription'
      ? { content: { 'text/event-stream': { schema: { type: 'string', description: 'event: alarm|counts, data: JSON' } } } }
      : op.route.produces
        ? op.route.produces.type === 'text/csv'
          ? { content: { [op.route.produces.type]: { schema: { type: 'string', description: 'UTF-8 with a BOM, ; separated, a header row first' } } } }
          : { content: { [op.route.produces.type]: { schema: { type: 'string', format: 'binary' } } } }
        : status !== 204 && output
          ? { content: { 'application/json': { schema: openApiSchema(output, 'output') } } }
          : {};
  return {
    operationId: op.name,
    tags: [tagOf(op)],
    summary: op.route.summary,
    ...(op.route.public ? { security: [] } : {}),
    parameters: parameters(op),
    ...(bodyContent ? { requestBody: { required: op.body === 'json', content: bodyContent } } : {}),
    responses: {
      [status]: {
        description: status === 204 ? 'Done' : status === 201 ? 'Created' : status === 202 ? 'Accepted' : 'OK',
        ...answer,
      },
      ...errorResponses(op),
    },
  };
}

/** An operation served outside the REST adapter (a file, not JSON), documented by its module. */
export interface ExtraOperation {
  operationId: string;
  tags: string[];
  [key: string]: unknown;
}

/** `extra`: routes the composition root mounts beside the adapter, by path and method. */
export function openApiDocument(router: AnyTRPCRouter, extra: Record<string, Record<string, ExtraOperation>> = {}) {
  const paths: Record<string, Record<string, object>> = {};
  const operations = restOperations(router);
  for (const op of operations) {
    (paths[op.route.path] ??= {})[op.route.method.toLowerCase()] = operation(op);
  }
  for (const [path, methods] of Object.entries(extra)) Object.assign((paths[path] ??= {}), methods);
  const extraTags = Object.values(extra).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Energiebeheer REST adapter',
      version: '1',
      description: 'The REST adapter of Energiebeheer: the same procedures as the web client, for scripts and integrations.',
    },
    servers: [{ url: '/', description: 'This server' }],
    tags: [...new Set([...operations.map(tagOf), ...extraTags])].map((name) => ({ name })),
    components: {
      ...errorComponents,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An access token from /auth/login; the hooks under /api/v1/alarms/hooks take an ingest token (`ebi_…`) instead, which opens nothing else.',
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
