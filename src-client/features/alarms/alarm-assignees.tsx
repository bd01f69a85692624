import { useQuery } from '@tanstack/react-query';
import { UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import type { DashboardUser } from '@/domain/alarm-dashboard';
import { JsForm } from '~/components/form/js-form';
import { LoadError } from '~/components/lists/load-error';
import { Button } from '~/components/ui/button';
import { Select } from '~/components/ui/select';
import { useTRPC } from '~/lib/trpc';
import { userName } from './alarm-format';
import { fieldErrorOf } from './request-errors';
import { useAssign, useUnassign } from './use-alarm-mutations';

/** Who works the alarm: add a user of the dashboard (or yourself), remove one. */
export function AlarmAssignees({ alarmId, users, meId }: { alarmId: number; users: DashboardUser[]; meId: number }) {
  const trpc = useTRPC();
  const assignees = useQuery(trpc.alarm.assignees.queryOptions({ alarmId }));
  const assign = useAssign();
  const unassign = useUnassign();
  const [chosen, setChosen] = useState('');
  const assigned = new Set((assignees.data ?? []).map((u) => u.id));
  const addable = users.filter((u) => !assigned.has(u.id));
  const error = assign.error ? fieldErrorOf(assign.error, 'userId') : unassign.error ? fieldErrorOf(unassign.error, 'userId') : null;
  return (
    <section className="grid gap-2" aria-labelledby="alarm-assignees-title">
      <div className="flex items-center justify-between gap-2">
        <h3 id="alarm-assignees-title" className="text-sm font-medium">
          Toegewezen aan
        </h3>
        {assignees.data && !assigned.has(meId) && users.some((u) => u.id === meId) ? (
          <Button variant="outline" size="sm" disabled={assign.isPending} onClick={() => assign.mutate({ alarmId, userId: meId })}>
            <UserPlus aria-hidden className="size-4" />
            Aan mij toewijzen
          </Button>
        ) : null}
      </div>
      {assignees.isError ? (
        <LoadError error={assignees.error} onRetry={() => void assignees.refetch()} />
      ) : !assignees.data ? (
        <p className="text-sm text-muted-foreground">Bezig met laden ...</p>
      ) : assignees.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nog niemand.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Toegewezen gebruikers">
          {assignees.data.map((user) => (
            <li key={user.id} className="inline-flex items-center gap-1 rounded-full border border-border bg-muted/60 py-0.5 pr-1 pl-3 text-sm">
              {userName(user)}
              {user.id === meId ? <span className="text-muted-foreground">(jij)</span> : null}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={`${userName(user)} niet meer toewijzen`}
                disabled={unassign.isPending}
                onClick={() => unassign.mutate({ alarmId, userId: user.id })}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {addable.length ? (
        <JsForm
          className="flex gap-2"
          onSubmit={() => {
            if (chosen) assign.mutate({ alarmId, userId: Number(chosen) }, { onSuccess: () => setChosen('') });
          }}
        >
          <Select aria-label="Gebruiker om toe te wijzen" className="min-w-0 flex-1" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">Kies een gebruiker</option>
            {addable.map((u) => (
              <option key={u.id} value={u.id}>
                {userName(u)}
              </option>
            ))}
          </Select>
          <Button type="submit" variant="outline" disabled={!chosen || assign.isPending}>
            Toewijzen
          </Button>
        </JsForm>
      ) : null}
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </section>
  );
}
