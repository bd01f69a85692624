import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { METER_TYPES, type MeterType } from '@/domain/meter';
import { PageHeader } from '~/features/lists/page-header';
import { MeterForm } from '~/features/meters/meter-form';
import { trpc } from '~/lib/trpc';

export const Route = createFileRoute('/_auth/admin/meters/create/$type')({
  params: {
    parse: ({ type }) => {
      if (!(METER_TYPES as readonly string[]).includes(type)) throw notFound();
      return { type: type as MeterType };
    },
    stringify: ({ type }) => ({ type }),
  },
  component: CreateMeterPage,
});

function CreateMeterPage() {
  const { type } = Route.useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.meter.create.useMutation();
  return (
    <section>
      <PageHeader title={type === 'electricity' ? 'Elektriciteitsmeter toevoegen' : 'Gasmeter toevoegen'} description="Velden met een * zijn verplicht." />
      <MeterForm
        key={type}
        type={type}
        submitLabel="Meter toevoegen"
        onSubmit={async (input) => {
          const meter = await create.mutateAsync(input);
          await Promise.all([utils.meter.invalidate(), utils.location.invalidate(), utils.meterbeheer.invalidate()]);
          await navigate({ to: '/admin/meter/$meterId', params: { meterId: meter.id } });
        }}
      />
    </section>
  );
}
