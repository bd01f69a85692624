import type { AnyFieldApi } from '@tanstack/react-form';
import { type ComponentProps, useId } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** Messages of a field's errors, whether a validator gave strings or Standard Schema issues. */
function errorMessages(errors: readonly unknown[]): string[] {
  const messages = errors.map((e) => (typeof e === 'string' ? e : (e as { message?: string } | undefined)?.message));
  return [...new Set(messages.filter((m): m is string => Boolean(m)))];
}

/** Errors show once the field was left or the form was submitted, not while first typing. */
export const shownErrors = (field: AnyFieldApi) =>
  field.state.meta.isTouched || field.form.state.submissionAttempts > 0 ? errorMessages(field.state.meta.errors) : [];

/**
 * The id of a field's input, unique on the page: the field's name is not (two forms of one kind on
 * a page, a dialog's form over a page's) and a label's `for` must reach its own input. Form names
 * hold dots and brackets; the name stays in the id, plain, to make it readable.
 */
export function useFieldId(field: AnyFieldApi) {
  return `field${useId()}${field.name.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

export function FieldError({ id, messages }: { id: string; messages: string[] }) {
  return messages.length ? (
    <p id={id} className="text-sm font-medium text-destructive">
      {messages.join(' ')}
    </p>
  ) : null;
}

/**
 * What a field's control carries (its id, name, blur, invalid state and the ids of its hint and
 * messages) and the messages to show; `FieldNotes` shows the hint and messages under it.
 */
export function useFieldControl(field: AnyFieldApi, hint?: string) {
  const id = useFieldId(field);
  const messages = shownErrors(field);
  const describedBy = [hint ? `${id}-hint` : null, messages.length ? `${id}-error` : null].filter(Boolean).join(' ');
  const control = { id, name: field.name, onBlur: field.handleBlur, 'aria-invalid': messages.length > 0, 'aria-describedby': describedBy || undefined };
  return { id, messages, control };
}

/** A field's hint and its messages, under its control, with the ids `useFieldControl` points to. */
export function FieldNotes({ id, hint, messages }: { id: string; hint?: string; messages: string[] }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} messages={messages} />
    </>
  );
}

type Props = { field: AnyFieldApi; label: string; required?: boolean; hint?: string } & Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'onBlur' | 'name' | 'id'
>;

/** A labelled input bound to a TanStack Form field, its messages shown at the field. */
export function TextField({ field, label, required, hint, ...inputProps }: Props) {
  const { id, messages, control } = useFieldControl(field, hint);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Input {...control} value={field.state.value ?? ''} onChange={(e) => field.handleChange(e.target.value)} aria-required={required} {...inputProps} />
      <FieldNotes id={id} hint={hint} messages={messages} />
    </div>
  );
}
