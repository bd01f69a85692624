import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { format } from 'date-fns';
import { nl } from 'date-fns/locale';
import { FileText, LineChart } from 'lucide-react';
import { localDate } from '@/lib/amsterdam';
import { currentIsoWeek } from '@/lib/iso-week';
import { useTRPC } from '~/lib/trpc';

/**
 * The day an alarm is about, as a wall-clock date in Amsterdam: an energy alarm names it in
 * `data.at` (its own offset, e.g. '2024-03-31T03:00:00+02:00'); any other alarm uses its receipt.
 */
function alarmDay(alarm: { data: Record<string, string>; receivedAt: string }) {
  const at = alarm.data.at;
  const date =
    at && /^\d{4}-\d{2}-\d{2}T/.test(at) && !Number.isNaN(Date.parse(at)) ? at.slice(0, 10) : localDate(Math.floor(Date.parse(alarm.receivedAt) / 1000));
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/**
 * Links from the alarm panel to the location's dashboard at the alarm's day: each module's page
 * in the week of that day, per hour. Installers may open the dashboards of their
 * organization's locations; when the location is not readable (deleted) nothing is shown.
 */
export function AlarmLocationLink({
  dashboardId,
  location,
  alarm,
}: {
  dashboardId: number;
  location: { id: number; name: string };
  alarm: { data: Record<string, string>; receivedAt: string };
}) {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.dashboard.location.queryOptions({ locationId: location.id }, { retry: false }));
  if (!dashboard.data) return null;
  const day = alarmDay(alarm);
  const { year, week } = currentIsoWeek(day);
  const label = format(day, 'EEEE d MMMM yyyy', { locale: nl });
  // The month report lists alarms by receipt: the month this alarm came in.
  const month = localDate(Math.floor(Date.parse(alarm.receivedAt) / 1000)).slice(0, 7);
  return (
    <section className="grid gap-2" data-testid="alarm-location-links">
      <h3 className="text-sm font-medium">Meetgegevens van {location.name}</h3>
      {dashboard.data.modules.length === 0 ? (
        <p className="text-sm text-muted-foreground">Deze locatie heeft nog geen meters met meetgegevens.</p>
      ) : (
        <ul className="grid gap-1">
          {dashboard.data.modules.map((module) => (
            <li key={module.selector}>
              <Link
                to="/dashboard/$locationSelector/$moduleSelector"
                params={{ locationSelector: dashboard.data.selector, moduleSelector: module.selector }}
                search={{ period: 'week', year, week, granularity: 'hour' }}
                className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <LineChart aria-hidden className="size-4" />
                {module.title} op {label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/alarms/$dashboardId/location-report/$locationId"
        params={{ dashboardId, locationId: String(location.id) }}
        search={{ month }}
        className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <FileText aria-hidden className="size-4" />
        Maandrapport {format(new Date(`${month}-15T12:00:00`), 'LLLL yyyy', { locale: nl })}
      </Link>
    </section>
  );
}
