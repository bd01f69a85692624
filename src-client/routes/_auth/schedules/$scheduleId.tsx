import { createFileRoute } from '@tanstack/react-router';
import { SchedulePage } from '~/features/schedules/schedule-page';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';

export const Route = createFileRoute('/_auth/schedules/$scheduleId')({
  params: { parse: ({ scheduleId }) => ({ scheduleId: parseIdParam(scheduleId) }), stringify: ({ scheduleId }) => ({ scheduleId: String(scheduleId) }) },
  loader: ({ context, params }) =>
    loadOrNotFound(() => context.queryClient.ensureQueryData(context.trpc.schedule.get.queryOptions({ scheduleId: params.scheduleId }))),
  component: ScheduleRoute,
});

function ScheduleRoute() {
  const { scheduleId } = Route.useParams();
  return <SchedulePage scheduleId={scheduleId} />;
}
