import { createFileRoute, notFound } from '@tanstack/react-router';
import { METER_TYPES, type MeterType } from '@/domain/meter';
import { CreateMeterPage } from '~/features/meters/create-meter-page';
import { ensureMeterFormData } from '~/features/meters/meter-form-data';
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
  component: CreateMeterRoute,
});

function CreateMeterRoute() {
  const { type } = Route.useParams();
  return <CreateMeterPage type={type} />;
}
