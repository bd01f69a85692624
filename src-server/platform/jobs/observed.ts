/** Each job run counted in /metrics and logged as one line, with how long it took and why it failed. */
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { JobDefinition } from './job';

export function observeJobs(jobs: JobDefinition[], metrics: Metrics, log: Logger): JobDefinition[] {
  return jobs.map((job) => ({
    ...job,
    async run(signal, input) {
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      metrics.jobRuns.inc({ job: job.name });
      try {
        const result = await job.run(signal, input);
        log({ msg: 'job run', job: job.name, ms: ms() });
        return result;
      } catch (error) {
        metrics.jobFailures.inc({ job: job.name });
        log({ level: 'error', msg: 'job failed', job: job.name, ms: ms(), error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
  }));
}
