/**
 * The mail ingest bench alone: `node --import tsx bench/mail-run.ts [runs]` (no build needed: it
 * uses the services directly); each run's times in ms, for interleaved comparisons and profiling.
 */
import { benchMail } from './mail';

const runs = Number(process.argv[2] ?? 3);
for (let i = 0; i < runs; i++) {
  const r = await benchMail();
  const ms = (rate: number) => ((r.count / rate) * 1000).toFixed(0);
  console.log(
    `bare ${ms(r.bareRate)} ms, stored ${ms(r.productRate)} ms (ratio ${(r.productRate / r.bareRate).toFixed(2)}), read ${ms(r.readRate)} ms (ratio ${(r.readRate / r.bareRate).toFixed(2)}), IDLE ${r.idleMedianMs.toFixed(0)} ms; CPU of the process ${r.fetchCpuMs.toFixed(0)} ms until stored, ${r.readCpuMs.toFixed(0)} ms until read`,
  );
}
process.exit(0);
