import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatAddresses } from '~/lib/alarms/format';
import { useTRPC } from '~/lib/trpc';
import type { SampleEmail } from './template-preview';

/** The newest e-mails of the dashboard, to try a parser on. */
const sampleListInput = (dashboardId: number) => ({ dashboardId, page: 0, size: 50, sort: 'receivedAt,desc' as const });

/**
 * The stored e-mail the editor tries the parser on: the line preview and the dry run share it.
 * Until one is chosen it is the newest e-mail.
 */
export function useSampleEmail(dashboardId: number) {
  const trpc = useTRPC();
  const list = useQuery(trpc.alarmEmail.list.queryOptions(sampleListInput(dashboardId)));
  const [picked, setEmailId] = useState<number>();
  const emailId = picked ?? list.data?.emails[0]?.id;
  const email = useQuery(trpc.alarmEmail.get.queryOptions({ emailId: emailId ?? 0 }, { enabled: emailId !== undefined }));
  const sample: SampleEmail | undefined = email.data
    ? { subject: email.data.subject ?? '', from: formatAddresses(email.data.from), text: email.data.message }
    : undefined;
  return { list, emailId, setEmailId, sample };
}
export type SampleEmailState = ReturnType<typeof useSampleEmail>;
