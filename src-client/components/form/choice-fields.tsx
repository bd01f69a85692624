/** Checkbox, check-group and select fields bound to a TanStack Form field, beside `TextField`. */
import type { AnyFieldApi } from '@tanstack/react-form';
import { FieldError, FieldNotes, shownErrors, useFieldControl, useFieldId } from './text-field';
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

/**
 * A labelled native select bound to a field of the form: a text field ('' for the first option,
 * "none"), or, with `parse`, a field holding what the option's text stands for (a number of days,
 * a folder's id).
 */
export function ChoiceField({
  field,
  label,
  options,
  hint,
  labelClassName,
  parse = (value) => value,
}: {
  field: AnyFieldApi;
  label: string;
  options: { value: string; label: string }[];
  hint?: string;
  labelClassName?: string;
  parse?: (value: string) => unknown;
}) {
  const { id, messages, control } = useFieldControl(field, hint);
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      <Select {...control} value={String(field.state.value ?? '')} onChange={(e) => field.handleChange(parse(e.target.value))}>
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

/**
 * Several values from a short list, each a checkbox under a legend (priorities, events); the field
 * holds the chosen values in the list's order.
 */
export function CheckGroupField({ field, legend, options }: { field: AnyFieldApi; legend: string; options: { value: string; label: string }[] }) {
  const id = useFieldId(field);
  const messages = shownErrors(field);
  const chosen: string[] = field.state.value ?? [];
  const toggle = (value: string, on: boolean) => {
    field.handleChange(options.map((o) => o.value).filter((v) => (v === value ? on : chosen.includes(v))));
    field.handleBlur();
  };
  return (
    <fieldset className="grid content-start gap-1.5" aria-describedby={messages.length ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={chosen.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
          {o.label}
        </label>
      ))}
      <FieldError id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}
