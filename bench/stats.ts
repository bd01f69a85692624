/** The benches' figures: the median of samples, and the median time of a call after one warm-up call. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs `run` once to warm up (with -1), then `times` times (with 0, 1, …); the median in ms. */
export async function timed(run: (i: number) => Promise<unknown> | unknown, times = 31) {
  await run(-1);
  const samples = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** The `q` quantile (0–1) of samples, the nearest rank; NaN without samples. */
export function percentile(xs: number[], q: number) {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}
