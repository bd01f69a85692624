import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { meterNouns } from '@/domain/meter';
import { PageHeader } from '~/components/layout/page-header';
import { DeleteButton } from '~/components/lists/delete-button';
import { Card, CardContent } from '~/components/ui/card';
import { MeterForm } from '~/features/meters/meter-form';
import { ensureMeterFormData } from '~/features/meters/meter-form-data';
import { useDeleteMeter, useUpdateMeter } from '~/features/meters/use-meter-mutations';
import { parseIdParam } from '~/lib/id-param';
import { loadOrNotFound } from '~/lib/load-or-not-found';
import { useTRPC } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/meter/$meterId')({
  params: { parse: ({ meterId }) => ({ meterId: parseIdParam(meterId) }), stringify: ({ meterId }) => ({ meterId: String(meterId) }) },
  loader: ({ context, params }) =>
    loadOrNotFound(() =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.meter.get.queryOptions({ meterId: params.meterId })),
        ensureMeterFormData(context, params.meterId),
      ]),
    ),
  component: MeterPage,
});

function MeterPage() {
  const trpc = useTRPC();
  const { meterId } = Route.useParams();
  const { data: meter } = useSuspenseQuery(trpc.meter.get.queryOptions({ meterId }));
  const navigate = useNavigate();
  const update = useUpdateMeter();
  const remove = useDeleteMeter();
  return (
    <section className="grid max-w-4xl gap-6 [&>*]:min-w-0">
      <PageHeader
        title={meter.name}
        description={
          <>
            {meterNouns[meter.type]} op{' '}
            <Link to="/admin/location/$locationId" params={{ locationId: meter.locationId }} className="text-primary hover:underline">
              {meter.locationName}
            </Link>
          </>
        }
        actions={
          <DeleteButton
            title="Meter verwijderen"
            description={`Weet je zeker dat je '${meter.name}' wilt verwijderen? De feed en de opgeslagen meetwaarden blijven bestaan.`}
            onDelete={async () => {
              await remove.mutateAsync({ meterId });
              await navigate({ to: '/admin/meters' });
            }}
          />
        }
      />
      <Card>
        <CardContent className="pt-6">
          <MeterForm
            key={JSON.stringify(meter)}
            type={meter.type}
            meter={meter}
            submitLabel="Opslaan"
            onSubmit={(input) => update.mutateAsync({ ...input, meterId } as never)}
          />
          {update.isSuccess ? (
            <p role="status" className="mt-3 text-sm text-muted-foreground">
              Opgeslagen.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
