import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { createDashboardSchema } from '@/domain/alarm-dashboard';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { useCreateDashboard } from './use-dashboard-mutations';
import { useAppForm } from '~/components/form/use-app-form';

interface Values {
  name: string;
  organizationId: number | undefined;
}

const schema = v.object({ ...createDashboardSchema.entries, organizationId: v.pipe(v.number('Kies een organisatie.'), v.integer(), v.minValue(1)) });

/** 'Dashboard toevoegen' (admins): a name and the organization whose installers work it. */
export function CreateDashboard() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const create = useCreateDashboard();
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: { name: '', organizationId: undefined } as Values,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: ({ value, formApi }) =>
      run(formApi, async () => {
        const dashboard = await create.mutateAsync({ name: value.name.trim(), organizationId: value.organizationId! });
        setOpen(false);
        await navigate({ to: '/alarms/$dashboardId', params: { dashboardId: dashboard.id } });
      }),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Dashboard toevoegen"
      description="Een alarmdashboard met de mappen Inbox, Afgehandeld en Prullenbak."
      trigger={
        <Button>
          <Plus aria-hidden className="size-4" />
          Dashboard toevoegen
        </Button>
      }
    >
      <AppForm form={form} failure={failure}>
        <form.AppField name="name">{(field) => <field.TextField label="Naam" required maxLength={128} />}</form.AppField>
        <form.AppField name="organizationId">{(field) => <field.OrganizationField />}</form.AppField>
        <div>
          <form.SubmitButton>Toevoegen</form.SubmitButton>
        </div>
      </AppForm>
    </Dialog>
  );
}
