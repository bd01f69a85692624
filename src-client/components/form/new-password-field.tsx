import type { AnyFieldApi } from '@tanstack/react-form';
import { PASSWORD_MIN_LENGTH } from '@/domain/auth';
import { TextField } from './text-field';

/** A new password, with the rule of every password form (creating a user, a link, a change) and what else happens. */
export function NewPasswordField({
  field,
  label,
  after = 'Een zin van een paar woorden werkt goed.',
  autoFocus,
}: {
  field: AnyFieldApi;
  label: string;
  after?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      field={field}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      autoFocus={autoFocus}
      hint={`Minstens ${PASSWORD_MIN_LENGTH} tekens. ${after}`}
    />
  );
}
