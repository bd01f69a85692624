import { createFileRoute } from '@tanstack/react-router';
import { ensureMeterFormData } from '~/features/meters/meter-form-data';
import { MeterPage } from '~/features/meters/meter-page';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';

export const Route = createFileRoute('/_auth/admin/meter/$meterId')({
  params: { parse: ({ meterId }) => ({ meterId: parseIdParam(meterId) }), stringify: ({ meterId }) => ({ meterId: String(meterId) }) },
  loader: ({ context, params }) =>
    loadOrNotFound(() =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.meter.get.queryOptions({ meterId: params.meterId })),
        ensureMeterFormData(context, params.meterId),
      ]),
    ),
  component: MeterRoute,
});

function MeterRoute() {
  const { meterId } = Route.useParams();
  return <MeterPage meterId={meterId} />;
}
