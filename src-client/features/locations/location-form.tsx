import { type CreateLocation, type Location, createLocationSchema, locationFieldLabels as labels } from '@/domain/location';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { TextField } from '~/components/form/text-field';
import { useAppForm } from '~/components/form/use-app-form';

type LocationValues = Omit<CreateLocation, 'organizationId' | 'unit'> & { organizationId: number | undefined; unit: string };

const textFields = ['name', 'streetAddress', 'unit', 'zipcode', 'city', 'state', 'country'] as const;

/** Every field of a location, for creating and editing. */
export function LocationForm({
  location,
  submitLabel,
  onSubmit,
}: {
  location?: Location;
  submitLabel: string;
  onSubmit: (input: CreateLocation) => Promise<unknown>;
}) {
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: {
      organizationId: location?.organizationId,
      name: location?.name ?? '',
      streetAddress: location?.streetAddress ?? '',
      unit: location?.unit ?? '',
      zipcode: location?.zipcode ?? '',
      city: location?.city ?? '',
      state: location?.state ?? '',
      country: location?.country ?? 'Nederland',
    } satisfies LocationValues as LocationValues,
    validators: { onSubmit: formSchema<LocationValues>(createLocationSchema) },
    onSubmit: ({ value, formApi }) => run(formApi, () => onSubmit(value as CreateLocation)),
  });
  return (
    <AppForm form={form} failure={failure} className="grid max-w-2xl gap-4">
      <form.AppField name="organizationId">{(field) => <field.OrganizationField />}</form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        {textFields.map((name) => (
          <form.Field key={name} name={name}>
            {(field) => <TextField field={field} label={labels[name]} required={name !== 'unit'} maxLength={300} />}
          </form.Field>
        ))}
      </div>
      <div>
        <form.SubmitButton>{submitLabel}</form.SubmitButton>
      </div>
    </AppForm>
  );
}
