import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** Jaar + 'Bevestig': a 4-digit year. */
export function YearPicker({ value, onChange }: { value: number; onChange: (year: number) => void }) {
  const [year, setYear] = useState(String(value));
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (/^\d{4}$/.test(year)) onChange(Number(year));
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="year-picker-year">Jaar</Label>
        <Input
          id="year-picker-year"
          className="w-24"
          inputMode="numeric"
          required
          pattern="\d{4}"
          min={1000}
          max={9999}
          type="number"
          value={year}
          onChange={(e) => setYear(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline">
        Bevestig
      </Button>
    </form>
  );
}
