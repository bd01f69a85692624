/** Response times as people read them: seconds, minutes, hours or days in Dutch. */
const one = (n: number) => n.toLocaleString('nl-NL', { maximumFractionDigits: 1 });

/** '45 s', '12 min', '3,5 uur', '2 dagen'; '–' when there is no figure. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${one(seconds / 3600)} uur`;
  const days = seconds / 86_400;
  return `${one(days)} ${days === 1 ? 'dag' : 'dagen'}`;
}

/** The unit a chart of these times reads best in: minutes while the longest is under three hours. */
export function chartUnit(maxSeconds: number) {
  return maxSeconds < 3 * 3600 ? { divisor: 60, label: 'minuten' } : { divisor: 3600, label: 'uren' };
}
