import { AlarmClock } from 'lucide-react';
import { useState } from 'react';
import { JsForm } from '~/components/form/js-form';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { fromLocalInput, isLocalInput, toLocalInput } from './alarm-format';
import { fieldErrorOf } from './request-errors';
import { useSetDeadline } from './use-alarm-mutations';
import { useNow } from './use-now';

/** The deadline in Dutch time, with a datetime picker; saved as an instant with its offset. */
export function AlarmDeadline({ alarmId, deadlineAt }: { alarmId: number; deadlineAt: string | null }) {
  const [value, setValue] = useState(() => toLocalInput(deadlineAt));
  const [invalid, setInvalid] = useState(false);
  const save = useSetDeadline();
  const now = useNow();
  const overdue = deadlineAt !== null && Date.parse(deadlineAt) < now;
  const error = invalid ? 'Kies een datum en tijd.' : save.error ? fieldErrorOf(save.error, 'deadlineAt') : null;
  const submit = (next: string | null) => {
    setInvalid(false);
    if (next !== null && !isLocalInput(next)) return setInvalid(true);
    save.mutate({ alarmId, deadlineAt: next === null ? null : fromLocalInput(next) }, { onSuccess: () => next === null && setValue('') });
  };
  return (
    <JsForm className="grid gap-1.5" noValidate onSubmit={() => submit(value)}>
      <Label htmlFor="alarm-deadline">Deadline</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="alarm-deadline"
          type="datetime-local"
          className="w-auto min-w-0 flex-1"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'alarm-deadline-error' : 'alarm-deadline-hint'}
        />
        <Button type="submit" variant="outline" disabled={save.isPending || value === toLocalInput(deadlineAt)}>
          Deadline opslaan
        </Button>
        {deadlineAt ? (
          <Button variant="ghost" disabled={save.isPending} onClick={() => submit(null)}>
            Wissen
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id="alarm-deadline-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p id="alarm-deadline-hint" className={overdue ? 'inline-flex items-center gap-1 text-sm font-semibold text-red-700' : 'text-sm text-muted-foreground'}>
          {overdue ? <AlarmClock aria-hidden className="size-4" /> : null}
          {overdue ? 'De deadline is verlopen.' : deadlineAt ? 'In Nederlandse tijd.' : 'Nog geen deadline.'}
        </p>
      )}
    </JsForm>
  );
}
