/**
 * Changes to a dashboard's stored e-mails, each refreshing what it changes. Reading one changes
 * that e-mail and the inbox; parsing again changes the e-mail, its attempts and the inbox, and may
 * raise or group alarms (which ones is not known here, so all alarm rows and the counts refresh).
 */
import { refreshAlarmCounts, refreshAlarmRows } from '~/lib/alarms/cache';
import { trpc } from '~/lib/trpc';

export function useMarkRead(emailId: number) {
  const utils = trpc.useUtils();
  return trpc.alarmEmail.markRead.useMutation({
    onSuccess: (email) => {
      utils.alarmEmail.get.setData({ emailId }, email);
      return utils.alarmEmail.list.invalidate();
    },
  });
}

export function useReparse(emailId: number) {
  const utils = trpc.useUtils();
  return trpc.alarmEmail.reparse.useMutation({
    onSuccess: (email) => {
      utils.alarmEmail.get.setData({ emailId }, email);
      return Promise.all([
        utils.alarmEmail.attempts.invalidate({ emailId }),
        utils.alarmEmail.list.invalidate(),
        refreshAlarmRows(utils),
        refreshAlarmCounts(utils),
      ]);
    },
  });
}

/** The parse job drains the queue in the background; the inbox and alarms are asked again once it likely has. */
const SETTLE_MS = 3000;

export function useReparseRejected() {
  const utils = trpc.useUtils();
  return trpc.alarmEmail.reparseRejected.useMutation({
    onSuccess: ({ count }) => {
      if (count) setTimeout(() => void Promise.all([utils.alarmEmail.invalidate(), refreshAlarmRows(utils), refreshAlarmCounts(utils)]), SETTLE_MS);
      return utils.alarmEmail.invalidate();
    },
  });
}
