import type { AnyFieldApi } from '@tanstack/react-form';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { FieldNotes, useFieldControl } from './text-field';

/**
 * A labelled select of numeric ids bound to a form field; the placeholder means "none chosen". A
 * field that holds something else than the id (a reference object) passes `value` and `onChange`,
 * which read and write the id.
 */
export function SelectField({
  field,
  label,
  placeholder,
  options,
  required,
  value = field.state.value as number | undefined,
  onChange = (id) => field.handleChange(id),
}: {
  field: AnyFieldApi;
  label: string;
  placeholder: string;
  options: { value: number; label: string }[];
  required?: boolean;
  value?: number | null;
  onChange?: (id: number | undefined) => void;
}) {
  const { id, messages, control } = useFieldControl(field);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Select {...control} value={value ? String(value) : ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <FieldNotes id={id} messages={messages} />
    </div>
  );
}
