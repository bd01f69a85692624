import { createFileRoute } from '@tanstack/react-router';
import { SchedulesPage } from '~/features/schedules/schedules-page';

export const Route = createFileRoute('/_auth/schedules/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.schedule.overview.queryOptions()),
  component: SchedulesPage,
});
