import { type AnyFieldApi, useForm } from '@tanstack/react-form';
import { useQuery } from '@tanstack/react-query';
import { type CreateMeter, type Meter, type MeterType, createMeterSchema } from '@/domain/meter';
import { providerNames } from '@/domain/meterbeheer';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { SelectField } from '~/components/form/select-field';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { useTRPC } from '~/lib/trpc';
import { channelOptionsInput } from './meter-form-data';

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
function ChannelField({ field, label, type, meterId, required }: { field: AnyFieldApi; label: string; type: MeterType; meterId?: number; required?: boolean }) {
  const trpc = useTRPC();
  const channels = useQuery(trpc.meterbeheer.channels.queryOptions(channelOptionsInput(meterId)));
  const options = (channels.data ?? [])
    .filter((c) => c.meterKind === type)
    .map((c) => ({ value: c.id, label: `${c.feedName} · ${c.code} (${providerNames[c.provider]}${c.ean ? `, EAN ${c.ean}` : ''})` }));
  // SelectField works with ids; the form keeps the API's {type, id} reference.
  const proxy = {
    ...field,
    name: field.name,
    form: field.form,
    state: { ...field.state, value: (field.state.value as ChannelRef)?.id },
    handleChange: (id: number | undefined) => field.handleChange(id ? { type: 'meterbeheer', id } : null),
    handleBlur: field.handleBlur,
  } as unknown as AnyFieldApi;
  return (
    <SelectField
      field={proxy}
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
  const form = useForm({
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
      <form.Field name="name">{(field) => <TextField field={field} label="Naam" required />}</form.Field>
      <form.Field name="locationId">
        {(field) => (
          <SelectField
            field={field}
            label="Locatie"
            required
            placeholder={locations.isLoading ? 'Bezig met laden ...' : 'Kies een locatie'}
            options={(locations.data ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.organizationName})` }))}
          />
        )}
      </form.Field>
      <form.Field name="netImportChannel">
        {(field) => (
          <ChannelField
            field={field}
            type={type}
            meterId={meter?.id}
            label={type === 'gas' ? 'Kanaal' : 'Kanaal levering (afname van het net)'}
            required={type === 'gas'}
          />
        )}
      </form.Field>
      {type === 'electricity' ? (
        <form.Field name="netExportChannel">
          {(field) => <ChannelField field={field} type={type} meterId={meter?.id} label="Kanaal teruglevering (aan het net)" />}
        </form.Field>
      ) : null}
      <div>
        <SubmitButton form={form}>{submitLabel}</SubmitButton>
      </div>
    </AppForm>
  );
}
