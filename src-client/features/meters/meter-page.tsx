import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { meterNouns } from '@/domain/meter';
import { SavedNote } from '~/components/form/saved-note';
import { PageHeader } from '~/components/layout/page-header';
import { DeleteButton } from '~/components/lists/delete-button';
import { Card, CardContent } from '~/components/ui/card';
import { useTRPC } from '~/lib/trpc';
import { MeterForm } from './meter-form';
import { useDeleteMeter, useUpdateMeter } from './use-meter-mutations';

export function MeterPage({ meterId }: { meterId: number }) {
  const trpc = useTRPC();
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
            onSubmit={(input) => update.mutateAsync({ ...input, meterId })}
          />
          {update.isSuccess ? <SavedNote below /> : null}
        </CardContent>
      </Card>
    </section>
  );
}
