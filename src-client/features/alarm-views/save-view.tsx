import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { JsForm } from '~/components/form/js-form';
import { Button } from '~/components/ui/button';
import { useTRPC } from '~/lib/trpc';

/** Saves the current filter as a view of the caller's, shown in the sidebar with its count. */
export function SaveView({ dashboardId, filter }: { dashboardId: number; filter: Record<string, string> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation(
    trpc.alarmView.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.alarmView.list.queryKey({ dashboardId }) }) }),
  );
  const submit = () => create.mutate({ dashboardId, name, filter }, { onSuccess: () => setName('') });
  const error = create.error?.data && 'fieldErrors' in create.error.data ? Object.values(create.error.data.fieldErrors ?? {})[0]?.[0] : create.error?.message;
  return (
    <JsForm onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Weergave opslaan">
      <label className="grid gap-1 text-sm font-medium">
        Naam van de weergave
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={64}
          placeholder="Mijn open HOOG vandaag"
          className="h-9 w-64 max-w-full rounded-md border border-input bg-background px-2 text-sm font-normal"
        />
      </label>
      <Button type="submit" variant="outline" size="sm" disabled={create.isPending}>
        <Save aria-hidden className="size-4" /> Weergave opslaan
      </Button>
      {create.isSuccess ? (
        <span role="status" className="text-sm text-emerald-700">
          Opgeslagen.
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </JsForm>
  );
}
