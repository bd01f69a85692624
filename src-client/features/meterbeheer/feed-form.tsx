import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { AnyFieldApi } from '@tanstack/react-form';
import { useState } from 'react';
import * as v from 'valibot';
import {
  type AnyFeedForm,
  type CreatableProvider,
  FEED_CREATE_FAILED,
  FEED_CREATE_WAIT,
  METER_KINDS,
  METER_KIND_PLACEHOLDER,
  feedFieldLabels,
  feedFormSchemas,
  meterKindLabels,
} from '@/domain/meterbeheer';
import { AppForm } from '~/components/form/app-form';
import { checkedFields, fieldCheck, keepFieldFocus } from '~/components/form/field-checks';
import { FieldNotes, useFieldControl } from '~/components/form/text-field';
import { useAppForm } from '~/components/form/use-app-form';
import { Button } from '~/components/ui/button';
import { FullScreenOverlay } from '~/components/ui/full-screen-overlay';
import { Label } from '~/components/ui/label';
import { Select } from '~/components/ui/select';
import { applyRequestError } from '~/lib/request-error';

const SECRET = new Set(['apiKey', 'password']);

/** The meter kind: a select whose placeholder cannot be chosen again once a kind is. */
function MeterKindField({ field, label }: { field: AnyFieldApi; label: string }) {
  const { id, messages, control } = useFieldControl(field);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id} required>
        {label}
      </Label>
      <Select {...control} value={field.state.value} onChange={(e) => field.handleChange(e.target.value)}>
        <option value="" disabled>
          {METER_KIND_PLACEHOLDER}
        </option>
        {METER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {meterKindLabels[kind]}
          </option>
        ))}
      </Select>
      <FieldNotes id={id} messages={messages} />
    </div>
  );
}

/**
 * The create form of one provider: its fields in their order, all required,
 * meter kind gas by default. Every label is bound to its own field (Kenter's password included).
 * Each field is checked with its part of the shared schema when left; a submit checks them all.
 */
export function FeedForm({ provider, onSubmit }: { provider: CreatableProvider; onSubmit: (form: AnyFeedForm) => Promise<unknown> }) {
  const schema = feedFormSchemas[provider];
  const names = Object.keys(schema.entries);
  const labels = feedFieldLabels(provider);
  const entries = schema.entries as Record<string, StandardSchemaV1>;
  // The server's reason, shown beneath the fixed text (null: no failure).
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: Object.fromEntries(names.map((n) => [n, n === 'meterKind' ? 'gas' : ''])) as Record<string, string>,
    ...checkedFields,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        // The fields were checked with this schema; parsing gives the provider's typed form.
        await onSubmit(v.parse(schema, value));
      } catch (error) {
        setFailure(applyRequestError(formApi, error).replace(`${FEED_CREATE_FAILED}: `, ''));
      }
    },
  });
  return (
    <AppForm
      form={form}
      // Under AppForm's 'Verzoek mislukt': the fixed text, then the server's reason.
      failure={
        failure !== null ? (
          <>
            <p>{FEED_CREATE_FAILED}</p>
            <p data-testid="feed-failure-reason" className="mt-1 font-normal opacity-90">
              {failure}
            </p>
          </>
        ) : null
      }
    >
      {names.map((name) =>
        name === 'meterKind' ? (
          <form.Field key={name} name={name} validators={fieldCheck<string>(entries[name]!)}>
            {(field) => <MeterKindField field={field} label={labels.meterKind!} />}
          </form.Field>
        ) : (
          <form.AppField key={name} name={name} validators={fieldCheck<string>(entries[name]!)}>
            {(field) => (
              <field.TextField
                label={labels[name]!}
                required
                type={SECRET.has(name) ? 'password' : 'text'}
                autoComplete={SECRET.has(name) ? 'new-password' : 'off'}
                inputMode={name === 'ean' ? 'numeric' : undefined}
              />
            )}
          </form.AppField>
        ),
      )}
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(submitting) => (
          <>
            <div>
              <Button type="submit" disabled={submitting} onMouseDown={keepFieldFocus}>
                Afronden
              </Button>
            </div>
            {submitting ? <FullScreenOverlay text={FEED_CREATE_WAIT} /> : null}
          </>
        )}
      </form.Subscribe>
    </AppForm>
  );
}
