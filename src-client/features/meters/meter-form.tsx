import { useQuery } from '@tanstack/react-query';
import { type CreateMeter, type Meter, type MeterType, createMeterSchema } from '@/domain/meter';
import { providerNames } from '@/domain/meterbeheer';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SelectField } from '~/components/form/select-field';
import { useTRPC } from '~/lib/trpc';
import { channelOptionsInput } from './meter-form-data';
import { useAppForm, useFieldContext } from '~/components/form/use-app-form';

type ChannelRef = { type: 'meterbeheer'; id: number } | null;
interface Values {
  type: MeterType;
  name: string;
  locationId: number | undefined;
  netImportChannel: ChannelRef;
  netExportChannel?: ChannelRef;
}

/**
 * A channel picker over the channels of the feeds the user may see, of the meter's kind, and the
 * channels the meter already uses (which may belong to a feed the user cannot pick from).
 */
function ChannelField({ label, type, meterId, required }: { label: string; type: MeterType; meterId?: number; required?: boolean }) {
  const trpc = useTRPC();
  const field = useFieldContext<ChannelRef | undefined>();
  const channels = useQuery(trpc.meterbeheer.channels.queryOptions(channelOptionsInput(meterId)));
  const options = (channels.data ?? [])
    .filter((c) => c.meterKind === type)
    .map((c) => ({ value: c.id, label: `${c.feedName} · ${c.code} (${providerNames[c.provider]}${c.ean ? `, EAN ${c.ean}` : ''})` }));
  // SelectField works with ids; the form keeps the API's {type, id} reference.
  return (
    <SelectField
      field={field}
      value={field.state.value?.id}
      onChange={(id) => field.handleChange(id ? { type: 'meterbeheer', id } : null)}
      label={label}
      placeholder={channels.isLoading ? 'Bezig met laden ...' : options.length ? 'Geen kanaal' : 'Nog geen kanalen van dit type'}
      options={options}
      required={required}
    />
  );
}

export function MeterForm({
  type,
  meter,
  submitLabel,
  onSubmit,
}: {
  type: MeterType;
  meter?: Meter;
  submitLabel: string;
  onSubmit: (input: CreateMeter) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const { failure, run } = useRequestFailure();
  const locations = useQuery(trpc.location.visible.queryOptions());
  const ref = (c: Meter['netImportChannel']): ChannelRef => (c ? { type: 'meterbeheer', id: c.id } : null);
  const form = useAppForm({
    defaultValues: {
      type,
      name: meter?.name ?? '',
      locationId: meter?.locationId,
      netImportChannel: ref(meter?.netImportChannel ?? null),
      ...(type === 'electricity' ? { netExportChannel: ref(meter?.netExportChannel ?? null) } : {}),
    } as Values,
    validators: { onSubmit: formSchema<Values>(createMeterSchema) },
    onSubmit: ({ value, formApi }) => run(formApi, () => onSubmit(value as CreateMeter)),
  });
  return (
    <AppForm form={form} failure={failure}>
      <form.AppField name="name">{(field) => <field.TextField label="Naam" required />}</form.AppField>
      <form.AppField name="locationId">
        {(field) => (
          <field.SelectField
            label="Locatie"
            required
            placeholder={locations.isLoading ? 'Bezig met laden ...' : 'Kies een locatie'}
            options={(locations.data ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.organizationName})` }))}
          />
        )}
      </form.AppField>
      <form.AppField name="netImportChannel">
        {() => (
          <ChannelField type={type} meterId={meter?.id} label={type === 'gas' ? 'Kanaal' : 'Kanaal levering (afname van het net)'} required={type === 'gas'} />
        )}
      </form.AppField>
      {type === 'electricity' ? (
        <form.AppField name="netExportChannel">
          {() => <ChannelField type={type} meterId={meter?.id} label="Kanaal teruglevering (aan het net)" />}
        </form.AppField>
      ) : null}
      <div>
        <form.SubmitButton>{submitLabel}</form.SubmitButton>
      </div>
    </AppForm>
  );
}
