import { useState } from 'react';
import { type IsoWeek, formatWeekRange, isoWeeksInYear } from '@/lib/iso-week';
import { JsForm } from '~/components/form/js-form';
import { Button } from '~/components/ui/button';
import { NumberField, isYear, yearChecks } from './number-field';

/** Jaar + Week + 'Bevestig': year 4 digits, week 1–53, native checks only. */
export function WeekPicker({ value, onChange }: { value: IsoWeek; onChange: (week: IsoWeek) => void }) {
  const [year, setYear] = useState(String(value.year));
  const [week, setWeek] = useState(String(value.week));
  const chosen = { year: Number(year), week: Number(week) };
  const valid = isYear(year) && Number.isInteger(chosen.week) && chosen.week >= 1 && chosen.week <= 53;
  // Week 53 in a year with 52 weeks means its last week: clamp rather than jump into next year.
  const normalized = valid ? { year: chosen.year, week: Math.min(chosen.week, isoWeeksInYear(chosen.year)) } : null;
  return (
    <JsForm
      className="grid gap-2"
      onSubmit={() => {
        if (normalized) onChange(normalized);
      }}
    >
      <div className="flex flex-wrap items-end gap-2">
        <NumberField id="week-picker-year" label="Jaar" className="w-20 sm:w-24" {...yearChecks} value={year} onChange={setYear} />
        <NumberField id="week-picker-week" label="Week" className="w-16 sm:w-20" min={1} max={53} value={week} onChange={setWeek} />
        <Button type="submit" variant="outline">
          Bevestig
        </Button>
      </div>
      {normalized ? <p className="text-sm text-muted-foreground">{formatWeekRange(normalized)}</p> : null}
    </JsForm>
  );
}
