/** Checkbox and select fields bound to a TanStack Form field, beside `TextField`. */
import type { AnyFieldApi } from '@tanstack/react-form';
import { FieldNotes, useFieldControl } from './text-field';
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
  const { id, messages, control } = useFieldControl(field, hint);
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      <Select {...control} value={String(field.state.value ?? '')} onChange={(e) => field.handleChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <FieldNotes id={id} hint={hint} messages={messages} />
    </div>
  );
}
