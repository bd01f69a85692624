/**
 * The `telegram-poll` job: reads what people send the bot (`/start <code>` links a chat) by long
 * polling `getUpdates`. The runner's lock keeps it to one instance at a time; a run polls a few
 * times (each waiting up to `waitSeconds` for news) and ends, so its state stays fresh.
 */
import { defaultBackoff, defineJob } from '../../platform/jobs/job';
import { type TelegramLinkDeps, pollUpdates, sweepLinkCodes } from './telegram-links';

const TELEGRAM_POLL_JOB = 'telegram-poll';
const POLLS_PER_RUN = 10;

export const contactMethodJobs = (deps: TelegramLinkDeps, options: { waitSeconds: number }) => [
  defineJob({
    name: TELEGRAM_POLL_JOB,
    intervalSeconds: 1,
    enabled: () => deps.telegram !== null,
    // A Telegram outage must not leave codes unread for hours: at most 5 minutes between tries (or Telegram's retry_after).
    backoff: (failures, error) => Math.min(defaultBackoff(failures, error), 300),
    async run(signal) {
      let handled = 0;
      let polls = 0;
      // Without a wait (tests) one look is a run; with one, a run waits for news a few times.
      do {
        handled += await pollUpdates(deps, signal, options.waitSeconds);
        polls++;
      } while (!signal.aborted && options.waitSeconds > 0 && polls < POLLS_PER_RUN);
      await sweepLinkCodes(deps);
      return { handled };
    },
  }),
];
