import { useState } from 'react';
import { ALARM_NOTES_MAX } from '@/domain/alarm';
import { JsForm } from '~/components/form/js-form';
import { SavedNote } from '~/components/form/saved-note';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { fieldErrorOf } from './request-errors';
import { useSetNotes } from './use-alarm-mutations';

/** Notes on the alarm; what is typed stays while the alarm refreshes live, until it is saved. */
export function AlarmNotes({ alarmId, notes }: { alarmId: number; notes: string }) {
  const [value, setValue] = useState(notes);
  const save = useSetNotes();
  const dirty = value !== notes;
  return (
    <JsForm className="grid gap-1.5" noValidate onSubmit={() => save.mutate({ alarmId, notes: value })}>
      <Label htmlFor="alarm-notes">Notities</Label>
      <Textarea
        id="alarm-notes"
        rows={5}
        value={value}
        maxLength={ALARM_NOTES_MAX}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={Boolean(save.error)}
        aria-describedby={save.error ? 'alarm-notes-error' : undefined}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="outline" disabled={save.isPending || !dirty}>
          Notities opslaan
        </Button>
        <span className="text-xs text-muted-foreground tabular-nums">
          {value.length.toLocaleString('nl-NL')} / {ALARM_NOTES_MAX.toLocaleString('nl-NL')}
        </span>
        {save.isSuccess && !dirty ? <SavedNote /> : null}
      </div>
      {save.error ? (
        <p id="alarm-notes-error" className="text-sm font-medium text-destructive">
          {fieldErrorOf(save.error, 'notes')}
        </p>
      ) : null}
    </JsForm>
  );
}
