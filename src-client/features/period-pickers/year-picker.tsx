import { useState } from 'react';
import { JsForm } from '~/components/form/js-form';
import { Button } from '~/components/ui/button';
import { NumberField, isYear, yearChecks } from './number-field';

/** Jaar + 'Bevestig': a 4-digit year. */
export function YearPicker({ value, onChange }: { value: number; onChange: (year: number) => void }) {
  const [year, setYear] = useState(String(value));
  return (
    <JsForm
      className="flex items-end gap-2"
      onSubmit={() => {
        if (isYear(year)) onChange(Number(year));
      }}
    >
      <NumberField id="year-picker-year" label="Jaar" className="w-24" {...yearChecks} value={year} onChange={setYear} />
      <Button type="submit" variant="outline">
        Bevestig
      </Button>
    </JsForm>
  );
}
