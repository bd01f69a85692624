import type { AnyFormApi } from '@tanstack/react-form';
import { TRPCClientError } from '@trpc/client';

/** The Dutch message of a failed request; unknown failures get a general one. */
export function requestErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    // 4xx messages, and a 502's (the server saying in Dutch what an upstream service answered), are for people.
    if (error.data?.httpStatus && (error.data.httpStatus < 500 || error.data.httpStatus === 502) && error.message) return error.message;
    if (error.data?.httpStatus >= 500) return 'Er is een fout opgetreden op de server. Probeer het later opnieuw.';
  }
  return 'De server is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.';
}

/** The server's messages per field of a failed request (`steps.0.minutes` → messages); none for other failures. */
export function requestFieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof TRPCClientError ? ((error.data?.fieldErrors as Record<string, string[]> | undefined) ?? {}) : {};
}

/**
 * Shows a message at a form's field as a failed submit does (`onServer` for messages the form
 * clears when the field changes). A name the form has neither a value nor a field for is
 * skipped; answers whether the message found its field.
 */
export function showFieldError(form: AnyFormApi, name: string, message: string, source: 'onSubmit' | 'onServer' = 'onSubmit'): boolean {
  if (!(name in form.state.values) && form.getFieldMeta(name) === undefined) return false;
  form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true, errorMap: { ...meta?.errorMap, [source]: message } }));
  return true;
}

/**
 * The message with the field messages behind it, for a result line away from the fields (a
 * connection test): "De invoer is ongeldig." alone would not say what to change.
 */
export function requestErrorWithFields(error: unknown): string {
  const message = requestErrorMessage(error);
  const details = Object.values(requestFieldErrors(error))
    .flat()
    .filter((m) => !message.includes(m));
  return [message, ...details].join(' ');
}

/** Shows the server's field errors at the fields; returns the message for the banner. */
export function applyRequestError(form: AnyFormApi, error: unknown): string {
  for (const [name, messages] of Object.entries(requestFieldErrors(error))) showFieldError(form, name, messages.join(' '));
  return requestErrorMessage(error);
}
