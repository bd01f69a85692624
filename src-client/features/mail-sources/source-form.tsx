import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { MailSource, SourceType } from '@/domain/mail-source';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { checkedFields, fieldCheck, keepFieldFocus } from '~/components/form/field-checks';
import { useAppForm } from '~/components/form/use-app-form';
import { fields, keepHint } from './source-fields';
import { type SourceFormValues, createInput, sourceDefaults, sourceFormSchemas, updateInput } from './source-form-schema';
import { PlugZap } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { applyRequestError, requestErrorWithFields } from '~/lib/request-error';
import { Outcome } from './outcome';
import { useCreateSource, useTestNewSource, useUpdateSource } from './use-source-mutations';

/**
 * Add or edit an IMAP or Microsoft 365 source. Fields are checked with the shared schema when
 * left, while corrected and on every submit (all at once); the server's field errors land at
 * their fields. On an edit the secret
 * stays empty and is sent only when typed.
 */
export function SourceForm({
  type,
  dashboardId,
  folders,
  source,
  onDone,
}: {
  type: SourceType;
  dashboardId: number;
  folders: AlarmFolder[];
  source?: MailSource;
  onDone: () => void;
}) {
  const create = useCreateSource();
  const testNew = useTestNewSource();
  const update = useUpdateSource();
  const { failure, run } = useRequestFailure();
  const schema = sourceFormSchemas[type][source ? 'edit' : 'create'];
  const entries = schema.entries as Record<string, StandardSchemaV1>;
  // The form holds either type's values; the schema of the chosen type checks them.
  const defaultValues: SourceFormValues = sourceDefaults(type, source);
  const form = useAppForm({
    defaultValues,
    ...checkedFields,
    onSubmit: ({ value, formApi }) =>
      run(formApi, async () => {
        if (source) await update.mutateAsync(updateInput(source.id, type, value));
        else await create.mutateAsync(createInput(dashboardId, type, value));
        onDone();
      }),
  });
  const choosable = folders.filter((f) => !f.trash);
  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      {fields[type].map((spec) => (
        // Each field checks itself when left and on every submit; a corrected field loses its message as it is typed.
        <form.AppField key={spec.name} name={spec.name} validators={fieldCheck<string | boolean>(entries[spec.name]!)}>
          {(field) => {
            const kind = spec.kind ?? 'text';
            if (kind === 'tls') return <field.CheckboxField label="TLS" hint="Versleutelde verbinding vanaf het begin (IMAPS, meestal poort 993)." />;
            if (kind === 'folder')
              return (
                <field.ChoiceField
                  label={spec.label}
                  options={[{ value: '', label: 'Standaardmap van het dashboard' }, ...choosable.map((f) => ({ value: String(f.id), label: f.label }))]}
                />
              );
            return (
              <field.TextField
                label={spec.label}
                required={!spec.optional && !(kind === 'secret' && source)}
                hint={kind === 'secret' && source ? keepHint[type] : spec.hint}
                type={kind === 'secret' ? 'password' : kind === 'email' ? 'email' : 'text'}
                inputMode={kind === 'number' ? 'numeric' : undefined}
                autoComplete={kind === 'secret' ? 'new-password' : 'off'}
                spellCheck={false}
              />
            );
          }}
        </form.AppField>
      ))}
      <div className="flex flex-wrap gap-2">
        <form.SubmitButton>{source ? 'Opslaan' : 'Bron toevoegen'}</form.SubmitButton>
        {source ? null : (
          // Before saving: the settings as typed, checked like a submit first.
          <Button
            type="button"
            variant="outline"
            disabled={testNew.isPending}
            onMouseDown={keepFieldFocus}
            onClick={async () => {
              testNew.reset();
              await form.validateAllFields('submit');
              if (form.state.isFieldsValid)
                // A refused setting is marked at its field too, and the result line says why.
                testNew.mutate(createInput(dashboardId, type, form.state.values), {
                  onError: (error) => applyRequestError(form, error),
                });
            }}
          >
            {testNew.isPending ? <Spinner /> : <PlugZap aria-hidden className="size-4" />}
            Verbinding testen
          </Button>
        )}
      </div>
      {testNew.data ? (
        <Outcome ok={testNew.data.ok} testId="new-source-test-outcome">
          {testNew.data.message}
        </Outcome>
      ) : null}
      {testNew.error ? (
        <Outcome ok={false} testId="new-source-test-outcome">
          {requestErrorWithFields(testNew.error)}
        </Outcome>
      ) : null}
    </AppForm>
  );
}
