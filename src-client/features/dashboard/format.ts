import { format } from 'date-fns';
import { nl } from 'date-fns/locale';

const numberFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** '1.234,5 kWh' */
export const formatEnergy = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? '–' : `${numberFormat.format(value)} ${unit}`;

/** '+12 %' compared with a reference, or null when there is nothing to compare with. */
export function formatChange(now: number, before: number) {
  if (!before) return null;
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? '+' : ''}${change} %`;
}

/** The wall time written in an API timestamp ('2024-03-31T03:00:00+02:00'), as a Date for formatting. */
export const wallTime = (timestamp: string) => new Date(`${timestamp.slice(0, 19)}`);

export const bucketLabel = (timestamp: string, granularity: string) => {
  const date = wallTime(timestamp);
  switch (granularity) {
    case 'hour':
      return format(date, 'EEEEEE HH:mm', { locale: nl });
    case 'day':
      return format(date, 'EEEEEE d MMM', { locale: nl });
    case 'week':
      return `wk ${format(date, 'I', { locale: nl })}`;
    default:
      return format(date, 'MMM', { locale: nl });
  }
};
