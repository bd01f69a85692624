import type { AnyFormApi } from '@tanstack/react-form';
import { TRPCClientError } from '@trpc/client';
import { requestErrorMessage } from '~/lib/request-error';
import { type ParserValues, formFieldOf } from './parser-form-values';

/**
 * Shows the server's field errors at their fields, also nested ones (`config.match.subject`,
 * `config.priority.0.pattern`) and a dry run's (`parser.code`), which the shared
 * `applyRequestError` cannot reach. Returns the banner's text: the general message, with the
 * messages no field of the form could take. They sit under `onServer`, which the form clears when
 * the field changes, so a corrected field does not keep the old refusal.
 */
export function applyParserErrors(form: AnyFormApi, error: unknown): string {
  const fieldErrors = error instanceof TRPCClientError ? (error.data?.fieldErrors as Record<string, string[]> | undefined) : undefined;
  const homeless: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const name = formFieldOf(key, form.state.values as ParserValues);
    if (!name) {
      homeless.push(...messages);
      continue;
    }
    form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true, errorMap: { ...meta?.errorMap, onServer: messages.join(' ') } }));
  }
  return [requestErrorMessage(error), ...homeless].join(' ');
}
