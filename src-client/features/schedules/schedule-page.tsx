import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { PageHeader } from '~/components/layout/page-header';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { SectionCard } from '~/components/ui/section-card';
import { requestErrorMessage } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { LayerList } from './layer-list';
import { OnCallNow } from './on-call-now';
import { OverrideForm } from './override-form';
import { OverrideList } from './override-list';
import { RotaCalendar } from './rota-calendar';
import { useDeleteSchedule } from './use-schedule-mutations';

/** One schedule: who is on call now, the calendar, the layers and the overrides. */
export function SchedulePage({ scheduleId }: { scheduleId: number }) {
  const trpc = useTRPC();
  const schedule = useQuery(trpc.schedule.get.queryOptions({ scheduleId }));
  const members = useQuery({
    ...trpc.schedule.members.queryOptions({ organizationId: schedule.data?.organizationId ?? 0 }),
    enabled: schedule.data !== undefined,
  });
  const remove = useDeleteSchedule();
  const navigate = useNavigate();
  if (!schedule.data) return <p className="text-muted-foreground">{schedule.isError ? 'Dit rooster kon niet worden geladen.' : 'Bezig met laden ...'}</p>;
  const people = members.data ?? [];
  return (
    <div className="grid gap-6">
      <PageHeader
        title={schedule.data.name}
        description={schedule.data.organizationName}
        actions={
          <ConfirmDialog
            trigger={
              <Button variant="outline">
                <Trash2 aria-hidden className="size-4" />
                Rooster verwijderen
              </Button>
            }
            title="Rooster verwijderen?"
            description={`${schedule.data.name} verdwijnt met zijn lagen en vervangingen; agenda's tonen de diensten niet meer.`}
            confirmLabel="Verwijderen"
            onConfirm={() =>
              remove.mutateAsync({ scheduleId }).then(
                () => void navigate({ to: '/schedules' }),
                (e: unknown) => {
                  throw new Error(requestErrorMessage(e));
                },
              )
            }
          />
        }
      />
      <OnCallNow scheduleId={scheduleId} />
      <RotaCalendar scheduleId={scheduleId} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard title="Lagen">
          <p className="mb-3 text-sm text-muted-foreground">
            Een latere laag gaat voor waar hij iemand heeft; waar geen laag iemand heeft, heeft niemand dienst.
          </p>
          <LayerList schedule={schedule.data} members={people} />
        </SectionCard>
        <SectionCard title="Vervangingen">
          <p className="mb-3 text-sm text-muted-foreground">Iemand neemt een dienst over, bijvoorbeeld: Jan neemt de nacht van Piet over.</p>
          <OverrideList schedule={schedule.data} />
          <div className="mt-4 border-t border-border pt-4">
            <OverrideForm scheduleId={scheduleId} members={people} />
          </div>
        </SectionCard>
      </div>
    </div>
  );
}
