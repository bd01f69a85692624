import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { OVERRIDE_LAYER, type Shift } from '@/domain/schedule';
import { addDays, localMidnight, todayLocal } from '@/lib/amsterdam';
import { Button } from '~/components/ui/button';
import { useTRPC } from '~/lib/trpc';
import { clock, personColor, shortDay } from './schedule-format';

type View = 'week' | 'month';
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
const mondayOf = (date: string) => addDays(date, 1 - weekday(date));

/** The days a view shows: a week from Monday, or the whole weeks around a month. */
function daysOf(view: View, anchor: string): string[] {
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(mondayOf(anchor), i));
  const first = `${anchor.slice(0, 7)}-01`;
  const start = mondayOf(first);
  const nextMonth = addDays(first, 32).slice(0, 7);
  const days: string[] = [];
  for (let d = start; days.length % 7 !== 0 || d.slice(0, 7) !== nextMonth; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The part of each shift that falls on the day, in order. */
function shiftsOn(shifts: Shift[], day: string) {
  const from = localMidnight(day) * 1000;
  const to = localMidnight(addDays(day, 1)) * 1000;
  return shifts.filter((s) => Date.parse(s.start) < to && Date.parse(s.end) > from);
}

/** Who is on call, merged, as a week or month calendar; overrides are marked. */
export function RotaCalendar({ scheduleId }: { scheduleId: number }) {
  const trpc = useTRPC();
  const [view, setView] = useState<View>('week');
  const [anchor, setAnchor] = useState(todayLocal());
  const days = daysOf(view, anchor);
  const range = { from: days[0]!, to: addDays(days.at(-1)!, 1) };
  const shifts = useQuery(trpc.schedule.shifts.queryOptions({ scheduleId, ...range }, { placeholderData: keepPreviousData }));
  const step = (n: number) => setAnchor(view === 'week' ? addDays(anchor, 7 * n) : `${addDays(`${anchor.slice(0, 7)}-15`, 30 * n).slice(0, 7)}-01`);
  const title =
    view === 'week'
      ? `${shortDay(new Date(localMidnight(days[0]!) * 1000))} – ${shortDay(new Date(localMidnight(days[6]!) * 1000))}`
      : new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(
          new Date(localMidnight(`${anchor.slice(0, 7)}-15`) * 1000),
        );
  return (
    <section aria-label="Rooster" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => step(-1)} aria-label={view === 'week' ? 'Vorige week' : 'Vorige maand'}>
            <ChevronLeft aria-hidden className="size-4" />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAnchor(todayLocal())}>
            Vandaag
          </Button>
          <Button variant="outline" size="sm" onClick={() => step(1)} aria-label={view === 'week' ? 'Volgende week' : 'Volgende maand'}>
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
        <h2 className="flex-1 text-lg font-medium">{title}</h2>
        <div role="group" aria-label="Weergave" className="flex rounded-md border border-input p-0.5">
          {(['week', 'month'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`rounded px-3 py-1 text-sm ${view === v ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted'}`}
            >
              {v === 'week' ? 'Week' : 'Maand'}
            </button>
          ))}
        </div>
      </div>
      {shifts.isError ? <p className="text-sm text-destructive">Het rooster kon niet worden geladen.</p> : null}
      {view === 'week' ? (
        <WeekView days={days} shifts={shifts.data?.shifts ?? []} />
      ) : (
        <MonthView days={days} month={anchor.slice(0, 7)} shifts={shifts.data?.shifts ?? []} />
      )}
      <p className="text-xs text-muted-foreground">Gestreepte rand: vervanging. Tijden in Nederlandse tijd.</p>
    </section>
  );
}

function ShiftChip({ shift, day, compact }: { shift: Shift; day: string; compact?: boolean }) {
  const override = shift.layer === OVERRIDE_LAYER;
  const startsToday = shift.start.slice(0, 10) === day;
  const endsToday = shift.end.slice(0, 10) === day && shift.end.slice(11, 16) !== '00:00';
  const span = `${startsToday ? clock(shift.start) : '00:00'}–${endsToday ? clock(shift.end) : '24:00'}`;
  return (
    <li
      className={`rounded border px-1.5 py-1 ${personColor(shift.userId)} ${override ? 'border-dashed border-2' : ''} ${compact ? 'truncate text-[11px] leading-tight' : 'text-sm'}`}
      title={`${shift.name} ${span}${override ? ' (vervanging)' : ` (${shift.layer})`}`}
      data-testid="shift"
    >
      {compact ? (
        shift.name
      ) : (
        <>
          <span className="block font-medium">{shift.name}</span>
          <span className="block text-xs tabular-nums">
            {span} · {override ? 'Vervanging' : shift.layer}
          </span>
        </>
      )}
    </li>
  );
}

function WeekView({ days, shifts }: { days: string[]; shifts: Shift[] }) {
  const today = todayLocal();
  return (
    <div className="grid gap-2 md:grid-cols-7">
      {days.map((day) => {
        const todays = shiftsOn(shifts, day);
        return (
          <div key={day} className={`rounded-lg border bg-background p-2 ${day === today ? 'border-primary' : 'border-border'}`}>
            <h3 className="mb-1.5 text-sm font-medium">{shortDay(new Date(localMidnight(day) * 1000))}</h3>
            {todays.length === 0 ? <p className="text-xs text-muted-foreground">Niemand</p> : null}
            <ul className="grid gap-1">
              {todays.map((s) => (
                <ShiftChip key={`${s.start}-${s.userId}`} shift={s} day={day} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

function MonthView({ days, month, shifts }: { days: string[]; month: string; shifts: Shift[] }) {
  const today = todayLocal();
  return (
    <div className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-border bg-border">
      {['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'].map((d) => (
        <div key={d} className="bg-muted px-1 py-1 text-center text-xs font-medium">
          {d}
        </div>
      ))}
      {days.map((day) => (
        <div key={day} className={`min-h-20 min-w-0 bg-background p-1 ${day.slice(0, 7) === month ? '' : 'opacity-50'}`}>
          <div className={`mb-0.5 text-xs tabular-nums ${day === today ? 'font-bold text-primary' : 'text-muted-foreground'}`}>{Number(day.slice(8, 10))}</div>
          <ul className="grid gap-0.5">
            {shiftsOn(shifts, day).map((s) => (
              <ShiftChip key={`${s.start}-${s.userId}`} shift={s} day={day} compact />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
