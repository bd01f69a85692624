import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { WeekPicker } from '~/features/period-pickers/week-picker';
import { YearPicker } from '~/features/period-pickers/year-picker';
import { type Period, type PeriodSearch, stepPeriod } from '~/features/dashboard/period';
import { toggle } from '~/features/dashboard/toggle';

/** Week or year, its picker, and arrows to the period before and after. */
export function PeriodControls({ p, set }: { p: Period; set: (next: Partial<PeriodSearch>) => void }) {
  const week = p.period === 'week';
  return (
    <div className="grid gap-3">
      <div role="group" aria-label="Periode" className="flex gap-1">
        <button type="button" className={toggle(week)} aria-pressed={week} onClick={() => set({ period: 'week', granularity: undefined })}>
          Week
        </button>
        <button type="button" className={toggle(!week)} aria-pressed={!week} onClick={() => set({ period: 'year', granularity: undefined })}>
          Jaar
        </button>
      </div>
      <div className="flex min-w-0 items-start gap-2">
        <Button variant="outline" size="icon" className="mt-6" aria-label={week ? 'Vorige week' : 'Vorig jaar'} onClick={() => set(stepPeriod(p, -1))}>
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        {week ? (
          <WeekPicker key={`${p.year}-${p.week}`} value={{ year: p.year, week: p.week }} onChange={({ year, week }) => set({ year, week })} />
        ) : (
          <YearPicker key={p.year} value={p.year} onChange={(year) => set({ year })} />
        )}
        <Button variant="outline" size="icon" className="mt-6" aria-label={week ? 'Volgende week' : 'Volgend jaar'} onClick={() => set(stepPeriod(p, 1))}>
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </div>
  );
}
