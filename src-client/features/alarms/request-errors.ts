import { TRPCClientError } from '@trpc/client';
import { requestErrorMessage } from '~/lib/request-error';

/** The server's message for one field of a failed change, else the request's general Dutch message. */
export function fieldErrorOf(error: unknown, field: string): string {
  const fieldErrors = error instanceof TRPCClientError ? (error.data?.fieldErrors as Record<string, string[]> | undefined) : undefined;
  return fieldErrors?.[field]?.join(' ') ?? requestErrorMessage(error);
}
