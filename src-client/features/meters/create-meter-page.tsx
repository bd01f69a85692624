import { useNavigate } from '@tanstack/react-router';
import { type MeterType, meterNouns } from '@/domain/meter';
import { PageHeader } from '~/components/layout/page-header';
import { MeterForm } from './meter-form';
import { useCreateMeter } from './use-meter-mutations';

export function CreateMeterPage({ type }: { type: MeterType }) {
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
