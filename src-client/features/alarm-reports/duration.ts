/** The unit a chart of these times reads best in: minutes while the longest is under three hours. */
export function chartUnit(maxSeconds: number) {
  return maxSeconds < 3 * 3600 ? { divisor: 60, label: 'minuten' } : { divisor: 3600, label: 'uren' };
}

/**
 * Round ticks from 0 to just above `max`: steps of 1, 2 or 5 times a power of ten (0,5 / 1 / 2 / 5 /
 * 10 …), at most six of them, so an axis reads 0 / 0,5 / 1 / 1,5 and never 0 / 0,7 / 1,3.
 */
export function roundTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const MAX_STEPS = 6;
  let power = 10 ** Math.floor(Math.log10(max / MAX_STEPS));
  for (;;) {
    for (const f of [1, 2, 5]) {
      const step = f * power;
      const steps = Math.ceil(max / step - 1e-9);
      if (steps <= MAX_STEPS) return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
    }
    power *= 10;
  }
}
