import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CalendarClock, Plus } from 'lucide-react';
import { useState } from 'react';
import * as v from 'valibot';
import { createScheduleSchema } from '@/domain/schedule';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { PageHeader } from '~/components/layout/page-header';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { useTRPC } from '~/lib/trpc';
import { onCallText } from './on-call-now';
import { useCreateSchedule } from './use-schedule-mutations';
import { useAppForm } from '~/components/form/use-app-form';

/** Every schedule the user may see, per organization, with who is on call now. */
export function SchedulesPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.schedule.overview.queryOptions());
  const byOrganization = new Map<string, NonNullable<typeof overview.data>>();
  for (const s of overview.data ?? []) byOrganization.set(s.organizationName, [...(byOrganization.get(s.organizationName) ?? []), s]);
  return (
    <>
      <PageHeader title="Piketdienst" description="Wie wanneer dienst heeft: roosters met lagen en vervangingen." actions={<CreateSchedule />} />
      {overview.isError ? <p className="text-destructive">De roosters konden niet worden geladen.</p> : null}
      {overview.data?.length === 0 ? <p className="text-muted-foreground">Er zijn nog geen roosters. Maak er een om de piketdienst te verdelen.</p> : null}
      <div className="grid gap-6">
        {[...byOrganization].map(([organization, schedules]) => (
          <section key={organization}>
            <h2 className="mb-2 text-sm font-medium text-muted-foreground">{organization}</h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {schedules.map((s) => (
                <li key={s.id}>
                  <Link
                    to="/schedules/$scheduleId"
                    params={{ scheduleId: s.id }}
                    className="flex items-start gap-3 rounded-xl border border-border bg-background p-4 shadow-sm transition hover:border-primary"
                  >
                    <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                    <span className="min-w-0">
                      <span className="block font-medium">{s.name}</span>
                      <span className="block text-sm text-muted-foreground">{onCallText(s.onCall)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

interface Values {
  organizationId: number | undefined;
  name: string;
}
const schema = v.object({
  organizationId: v.number('Kies een organisatie.'),
  name: createScheduleSchema.entries.name,
});

function CreateSchedule() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const create = useCreateSchedule();
  const { failure, run } = useRequestFailure();
  const form = useAppForm({
    defaultValues: { organizationId: undefined, name: '' } as Values,
    validators: { onSubmit: formSchema<Values>(schema) },
    onSubmit: async ({ value, formApi }) => {
      let id = 0;
      const ok = await run(formApi, async () => {
        id = (await create.mutateAsync({ organizationId: value.organizationId!, name: value.name, layers: [] })).id;
      });
      if (ok) await navigate({ to: '/schedules/$scheduleId', params: { scheduleId: id } });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Nieuw rooster"
      trigger={
        <Button>
          <Plus aria-hidden className="size-4" />
          Rooster maken
        </Button>
      }
    >
      <AppForm form={form} failure={failure} className="grid gap-4">
        <form.AppField name="organizationId">{(field) => <field.OrganizationField />}</form.AppField>
        <form.AppField name="name">{(field) => <field.TextField label="Naam" placeholder="bijv. Storingsdienst" required />}</form.AppField>
        <div>
          <form.SubmitButton>Rooster maken</form.SubmitButton>
        </div>
      </AppForm>
    </Dialog>
  );
}
