/**
 * The one error type of the server. Domain code throws `AppError`; it is mapped here once to a
 * tRPC code and once to an HTTP status, so tRPC and REST answer the same failure the same way.
 */
import { TRPCError } from '@trpc/server';
import type { StandardSchemaV1 } from '@standard-schema/spec';

const APP_ERROR_CODES = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  BAD_GATEWAY: { status: 502, trpc: 'BAD_GATEWAY' },
  SERVICE_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
} as const satisfies Record<string, { status: number; trpc: TRPCError['code'] }>;

export type AppErrorCode = keyof typeof APP_ERROR_CODES;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: { fieldErrors?: FieldErrors; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status() {
    return APP_ERROR_CODES[this.code].status;
  }
}

export const notFound = (what = 'Niet gevonden.') => new AppError('NOT_FOUND', what);

/** Field errors keyed by dotted path, from Standard Schema issues (valibot's included). */
export function fieldErrorsFromIssues(issues: readonly StandardSchemaV1.Issue[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** A 400 with one field's Dutch message, as the forms show it under that field. */
export const invalidField = (field: string, message: string) => new AppError('BAD_REQUEST', 'De invoer is ongeldig.', { fieldErrors: { [field]: [message] } });

export const invalidInput = (issues: readonly StandardSchemaV1.Issue[]) =>
  new AppError('BAD_REQUEST', 'De invoer is ongeldig.', { fieldErrors: fieldErrorsFromIssues(issues) });

/** Dutch texts for the unique columns a user can collide with; any other column gets the general one. */
const TAKEN: Record<string, string> = { email: 'Dit e-mailadres is al in gebruik.', name: 'Deze naam is al in gebruik.' };

/**
 * The last column of a violated unique or primary key, or null for any other error. SQLite names
 * the columns in the message ("UNIQUE constraint failed: user.email"); PostgreSQL (code 23505)
 * in the detail ('Key ("dashboardId", name)=(1, x) already exists.').
 */
function uniqueColumn(error: unknown): string | null {
  const { code, message, detail } = (error ?? {}) as { code?: unknown; message?: unknown; detail?: unknown };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return String(message).match(/(\w+)\s*$/)?.[1] ?? '_';
  if (code === '23505')
    return (
      String(detail)
        .match(/^Key \(([^)]*)\)=/)?.[1]
        ?.split(',')
        .at(-1)
        ?.trim()
        .replace(/"/g, '') ?? '_'
    );
  return null;
}

/** Whether the error is a unique or primary-key violation (either engine). */
export const isUniqueViolation = (error: unknown) => uniqueColumn(error) !== null;

/** A unique or primary-key violation: two requests made the same thing at once, after both had checked that it was free. */
function uniqueViolation(error: unknown): AppError | null {
  const field = uniqueColumn(error);
  if (field === null) return null;
  const text = TAKEN[field] ?? 'Deze waarde is al in gebruik.';
  return new AppError('CONFLICT', text, { fieldErrors: { [field]: [text] } });
}

/**
 * Anything thrown becomes an AppError: a TRPCError (the REST adapter calls procedures) by its
 * cause, validation issues or code; a unique-constraint violation is a conflict (409); other
 * unknown errors are internal and their text is not shown.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const conflict = uniqueViolation(error instanceof TRPCError ? error.cause : error);
  if (conflict) return conflict;
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    const issues = (error.cause as { issues?: unknown } | undefined)?.issues;
    if (Array.isArray(issues)) return invalidInput(issues);
    const code = (Object.keys(APP_ERROR_CODES) as AppErrorCode[]).find((k) => APP_ERROR_CODES[k].trpc === error.code);
    if (code && code !== 'INTERNAL') return new AppError(code, error.message);
  }
  return new AppError('INTERNAL', 'Er is een interne fout opgetreden.');
}

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERROR_CODES[error.code].trpc, message: error.message, cause: error });
}

/** The JSON body of every REST error. */
export function errorBody(error: AppError) {
  const { fieldErrors } = error.details;
  return { error: { code: error.code, message: error.message, ...(fieldErrors ? { fieldErrors } : {}) } };
}

/** Configuration the process cannot start with: its message is the one line the operator reads. */
export class ConfigError extends Error {}
