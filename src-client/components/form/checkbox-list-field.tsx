import type { AnyFieldApi } from '@tanstack/react-form';
import { useId, useState } from 'react';
import { Input } from '~/components/ui/input';
import { FieldError, shownErrors } from './text-field';

/** Pick several ids from a list, with a filter for long lists. */
export function CheckboxListField({
  field,
  label,
  options,
  required,
}: {
  field: AnyFieldApi;
  label: string;
  options: { value: number; label: string; detail?: string }[];
  required?: boolean;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = new Set<number>(field.state.value ?? []);
  const messages = shownErrors(field);
  const shown = options.filter((o) => `${o.label} ${o.detail ?? ''}`.toLowerCase().includes(filter.toLowerCase()));
  const toggle = (value: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    field.handleChange([...next].sort((a, b) => a - b));
    field.handleBlur();
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={messages.length ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium">
        {label}
        {required ? (
          <span aria-hidden className="text-destructive">
            {' *'}
          </span>
        ) : null}
        <span className="ml-2 font-normal text-muted-foreground">({chosen.size} gekozen)</span>
      </legend>
      {options.length > 8 ? (
        <Input type="search" aria-label={`Filter ${label.toLowerCase()}`} placeholder="Filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
      ) : null}
      <div className="max-h-64 overflow-y-auto rounded-md border border-input p-2">
        {shown.length === 0 ? <p className="p-2 text-sm text-muted-foreground">Geen locaties.</p> : null}
        {shown.map((o) => (
          <label key={o.value} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-muted">
            <input type="checkbox" className="size-4 accent-primary" checked={chosen.has(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
            <span>{o.label}</span>
            {o.detail ? <span className="text-muted-foreground">· {o.detail}</span> : null}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}
