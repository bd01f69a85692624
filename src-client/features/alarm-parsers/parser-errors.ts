import type { AnyFieldApi, AnyFormApi } from '@tanstack/react-form';
import { requestErrorMessage, requestFieldErrors, showFieldError } from '~/lib/request-error';
import { type ParserValues, formFieldOf } from './parser-form-values';

/**
 * Shows the server's field errors at their fields, also nested ones (`config.match.subject`,
 * `config.priority.0.pattern`) and a dry run's (`parser.code`), which the shared
 * `applyRequestError` cannot reach. Returns the banner's text: the general message, with the
 * messages no field of the form could take. They sit under `onServer`, which the form clears when
 * the field changes, so a corrected field does not keep the old refusal.
 */
export function applyParserErrors(form: AnyFormApi, error: unknown): string {
  const homeless: string[] = [];
  for (const [key, messages] of Object.entries(requestFieldErrors(error))) {
    const name = formFieldOf(key, form.state.values as ParserValues);
    if (!name) {
      homeless.push(...messages);
      continue;
    }
    showFieldError(form, name, messages.join(' '), 'onServer');
  }
  return [requestErrorMessage(error), ...homeless].join(' ');
}

/*
 * The parser forms check with one form-level schema; their fields have no validators of their
 * own. TanStack Form then keeps a field's form-level and server errors until the form checks
 * that cause again, and a submit looks at the fields' errors before it checks the form again, so
 * an old message could block every later submit. Hence: a change clears its field's submit and
 * server messages (a blur checks it again), and a submit starts from no messages at all.
 */

/** A `listeners.onChange` for the parser forms. */
export function clearChangedFieldErrors({ fieldApi }: { fieldApi: AnyFieldApi }) {
  const { onSubmit, onServer } = fieldApi.state.meta.errorMap;
  if (onSubmit || onServer) fieldApi.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: undefined, onServer: undefined } }));
}

const clearAllErrors = (form: AnyFormApi) => {
  for (const name of Object.keys(form.state.fieldMeta)) form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: {}, errorSourceMap: {} }));
};

/** Submits with every field checked afresh. */
export function submitAfresh(form: AnyFormApi) {
  clearAllErrors(form);
  return form.handleSubmit();
}

/** Shows every field's message, as a failed submit does, without submitting. */
export async function showAllErrors(form: AnyFormApi) {
  clearAllErrors(form);
  for (const name of Object.keys(form.fieldInfo)) form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true }));
  await form.validate('submit');
}
