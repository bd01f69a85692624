/**
 * The e-mail module's job. `mail-read` reads raw mail whenever storing wakes it (a wake during a run
 * reaches that run, also from another instance), and every 10 seconds whatever a crash left behind
 * (mail-reading.ts).
 */
import { defineJob } from '../../platform/jobs/job';
import type { JobWaker } from '../../platform/jobs/waker';
import { type MailReadingDeps, readRawMail } from './mail-reading';

export const MAIL_READ_JOB = 'mail-read';

export const mailReadingJobs = (deps: MailReadingDeps, waker: JobWaker) => [
  defineJob({
    name: MAIL_READ_JOB,
    intervalSeconds: 10,
    backoff: (failures) => Math.min(5 * 2 ** (failures - 1), 300),
    async run(signal) {
      let read = 0;
      do {
        waker.take();
        read += await readRawMail(deps, { signal });
      } while (waker.missed() && !signal.aborted);
      return { read };
    },
    wake: () => waker.wake(),
  }),
];
