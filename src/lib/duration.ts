/**
 * A span of time as people read it in Dutch, the same everywhere (response times in the reports, a
 * customer's "opgelost na …", the monthly mail): seconds under a minute, then whole minutes in days,
 * hours and minutes, largest first, parts that are zero left out.
 */

/** '45 s', '12 min', '2 u 14 min', '3 u', '1 d 2 u 5 min'; '–' when there is no figure. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return [days && `${days} d`, hours && `${hours} u`, rest && `${rest} min`].filter(Boolean).join(' ');
}
