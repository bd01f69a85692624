/** Checkbox and select fields bound to a TanStack Form field, beside `TextField`. */
import type { AnyFieldApi } from '@tanstack/react-form';
import { FieldError, shownErrors, useFieldId } from './text-field';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';

/** A checkbox with a label and an optional explanation under it. */
export function CheckboxField({ field, label, hint }: { field: AnyFieldApi; label: string; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        name={field.name}
        className="mt-0.5 size-4 accent-primary"
        checked={Boolean(field.state.value)}
        onChange={(e) => field.handleChange(e.target.checked)}
        onBlur={field.handleBlur}
      />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-muted-foreground">{hint}</span> : null}
      </span>
    </label>
  );
}

/** A labelled native select bound to a text field of the form ('' for the first option, "none"). */
export function ChoiceField({
  field,
  label,
  options,
  hint,
  labelClassName,
}: {
  field: AnyFieldApi;
  label: string;
  options: { value: string; label: string }[];
  hint?: string;
  labelClassName?: string;
}) {
  const id = useFieldId(field);
  const messages = shownErrors(field);
  const describedBy = [hint ? `${id}-hint` : null, messages.length ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      <Select
        id={id}
        name={field.name}
        value={String(field.state.value ?? '')}
        onChange={(e) => field.handleChange(e.target.value)}
        onBlur={field.handleBlur}
        aria-invalid={messages.length > 0}
        aria-describedby={describedBy || undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}
