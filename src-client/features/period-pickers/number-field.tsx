import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** A picker's number as typed, with the browser's own checks only (`required`, `min`, `max`, `pattern`). */
export function NumberField({
  id,
  label,
  className,
  value,
  onChange,
  ...checks
}: {
  id: string;
  label: string;
  className: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  pattern?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} className={className} inputMode="numeric" required {...checks} type="number" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** A year of four digits: the field's checks and the test before it is chosen. */
export const yearChecks = { pattern: '\\d{4}', min: 1000, max: 9999 };
export const isYear = (typed: string) => /^\d{4}$/.test(typed);
