import { requestErrorMessage, requestFieldErrors } from '~/lib/request-error';

/** The server's message for one field of a failed change, else the request's general Dutch message. */
export function fieldErrorOf(error: unknown, field: string): string {
  return requestFieldErrors(error)[field]?.join(' ') ?? requestErrorMessage(error);
}
