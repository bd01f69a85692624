import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { METER_TYPES, type MeterType, meterNouns } from '@/domain/meter';
import { PageHeader } from '~/components/layout/page-header';
import { MeterForm } from '~/features/meters/meter-form';
import { ensureMeterFormData } from '~/features/meters/meter-form-data';
import { useCreateMeter } from '~/features/meters/use-meter-mutations';
import { startLoading } from '~/lib/route-data';

export const Route = createFileRoute('/_auth/admin/meters/create/$type')({
  params: {
    parse: ({ type }) => {
      if (!(METER_TYPES as readonly string[]).includes(type)) throw notFound();
      return { type: type as MeterType };
    },
    stringify: ({ type }) => ({ type }),
  },
  // The form shows at once, as before; its pickers say 'Bezig met laden ...' until their options are in.
  loader: ({ context }) => startLoading(() => ensureMeterFormData(context)),
  component: CreateMeterPage,
});

function CreateMeterPage() {
  const { type } = Route.useParams();
  const navigate = useNavigate();
  const create = useCreateMeter();
  return (
    <section>
      <PageHeader title={`${meterNouns[type]} toevoegen`} description="Velden met een * zijn verplicht." />
      <MeterForm
        key={type}
        type={type}
        submitLabel="Meter toevoegen"
        onSubmit={async (input) => {
          const meter = await create.mutateAsync(input);
          await navigate({ to: '/admin/meter/$meterId', params: { meterId: meter.id } });
        }}
      />
    </section>
  );
}
