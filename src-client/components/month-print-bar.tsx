import { Printer } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';

/** A printable month report's controls: the month ('YYYY-MM') and "Afdrukken"; hidden on paper. */
export function MonthPrintBar({ id, month, onMonth, className }: { id: string; month: string; onMonth: (month: string) => void; className?: string }) {
  return (
    <div data-print-hidden className={`flex flex-wrap items-end gap-3 ${className ?? ''}`}>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Maand</Label>
        <Input
          id={id}
          type="month"
          className="w-44"
          value={month}
          onChange={(e) => (/^\d{4}-\d{2}$/.test(e.target.value) ? onMonth(e.target.value) : undefined)}
        />
      </div>
      <Button variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden className="size-4" />
        Afdrukken
      </Button>
    </div>
  );
}
