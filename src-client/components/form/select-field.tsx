import type { AnyFieldApi } from '@tanstack/react-form';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { FieldError, shownErrors, useFieldId } from './text-field';

/** A labelled select of numeric ids bound to a form field; the placeholder means "none chosen". */
export function SelectField({
  field,
  label,
  placeholder,
  options,
  required,
}: {
  field: AnyFieldApi;
  label: string;
  placeholder: string;
  options: { value: number; label: string }[];
  required?: boolean;
}) {
  const id = useFieldId(field);
  const messages = shownErrors(field);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Select
        id={id}
        name={field.name}
        value={field.state.value ? String(field.state.value) : ''}
        onChange={(e) => field.handleChange(e.target.value ? Number(e.target.value) : undefined)}
        onBlur={field.handleBlur}
        aria-invalid={messages.length > 0}
        aria-describedby={messages.length ? `${id}-error` : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}
