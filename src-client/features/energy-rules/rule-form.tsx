import { type AnyFormApi, useForm, useStore } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PRIORITIES, priorityLabels } from '@/domain/alarm-dashboard';
import { ENERGY_RULE_TYPES, type EnergyAlarm, energyRuleTypeHints, energyRuleTypeLabels } from '@/domain/energy-rule';
import { addDays, todayLocal } from '@/lib/amsterdam';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { CheckboxField, ChoiceField } from '~/components/form/choice-fields';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { requestErrorMessage, showFieldError } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { PreviewChart } from './preview-chart';
import { type RuleValues, formFieldErrors, inputOf, limitLines } from './rule-values';

export interface MeterOption {
  id: number;
  name: string;
  type: 'electricity' | 'gas';
  importChannelId: number | null;
  exportChannelId: number | null;
}

/** Shows the server's field errors at the rule form's fields. */
function showFieldErrors(form: AnyFormApi, error: unknown) {
  for (const [name, messages] of Object.entries(formFieldErrors(error))) showFieldError(form, name, messages.join(' '));
}

/** One form for every rule type: the type's own fields, a preview over a chosen period, save. */
export function RuleForm({
  locationId,
  meters,
  dashboards,
  initial,
  submitLabel,
  onSubmit,
}: {
  locationId: number;
  meters: MeterOption[];
  dashboards: { id: number; name: string }[];
  initial: RuleValues;
  submitLabel: string;
  onSubmit: (values: RuleValues) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const { failure, run } = useRequestFailure();
  const form = useForm({
    defaultValues: initial,
    onSubmit: async ({ value, formApi }) => {
      await run(formApi, () =>
        onSubmit(value).catch((error: unknown) => {
          showFieldErrors(formApi, error);
          throw error;
        }),
      );
    },
  });
  const values = useStore(form.store, (s) => s.values);
  const [period, setPeriod] = useState({ from: addDays(todayLocal(), -30), to: todayLocal() });
  const [preview, setPreview] = useState<{ alarms: EnergyAlarm[]; from: string; to: string; values: RuleValues } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const previewCall = useMutation(trpc.energyRule.previewUnsaved.mutationOptions());
  const type = values.type;
  const meter = meters.find((m) => String(m.id) === values.meterId);
  const chartChannel = type === 'DAILY_ENERGY' && values.channel === 'export' ? meter?.exportChannelId : meter?.importChannelId;

  async function runPreview() {
    setPreviewError(null);
    try {
      const result = await previewCall.mutateAsync({ locationId, rule: inputOf(values), ...period });
      setPreview({ alarms: result.alarms, ...period, values });
    } catch (error) {
      showFieldErrors(form, error);
      setPreview(null);
      setPreviewError(requestErrorMessage(error));
    }
  }

  return (
    <AppForm form={form} failure={failure} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="ruleName">
          {(field) => <TextField field={field} label="Naam van de regel" required placeholder="bijv. Gecontracteerd vermogen" />}
        </form.Field>
        <form.Field name="type">
          {(field) => (
            <ChoiceField
              field={field}
              label="Soort regel"
              options={ENERGY_RULE_TYPES.map((t) => ({ value: t, label: energyRuleTypeLabels[t] }))}
              hint={energyRuleTypeHints[type]}
            />
          )}
        </form.Field>
        <form.Field name="meterId">
          {(field) => (
            <ChoiceField
              field={field}
              label="Meter"
              options={[{ value: '', label: 'Kies een meter' }, ...meters.map((m) => ({ value: String(m.id), label: m.name }))]}
            />
          )}
        </form.Field>
        <form.Field name="dashboardId">
          {(field) => (
            <ChoiceField
              field={field}
              label="Alarmdashboard"
              options={[{ value: '', label: 'Kies een alarmdashboard' }, ...dashboards.map((d) => ({ value: String(d.id), label: d.name }))]}
            />
          )}
        </form.Field>
        <form.Field name="priority">
          {(field) => <ChoiceField field={field} label="Prioriteit" options={PRIORITIES.map((p) => ({ value: p, label: priorityLabels[p] }))} />}
        </form.Field>
        {type === 'CAPACITY' || type === 'BASE_LOAD' ? (
          <form.Field name="limitKw">
            {(field) => <TextField field={field} label="Grens (kW)" inputMode="decimal" required placeholder="bijv. 120" />}
          </form.Field>
        ) : null}
        {type === 'BASE_LOAD' ? (
          <>
            <form.Field name="from">{(field) => <TextField field={field} label="Van (UU:MM)" placeholder="01:00" hint="Nederlandse tijd." />}</form.Field>
            <form.Field name="to">
              {(field) => (
                <TextField
                  field={field}
                  label="Tot (UU:MM)"
                  placeholder="05:00"
                  hint="Tot, niet tot en met. Een nacht (22:00 tot 06:00) hoort bij de dag waarop hij begint; 00:00 is het einde van de dag."
                />
              )}
            </form.Field>
          </>
        ) : null}
        {type === 'DAILY_ENERGY' ? (
          <>
            <form.Field name="channel">
              {(field) => (
                <ChoiceField
                  field={field}
                  label="Kanaal"
                  options={[
                    { value: 'import', label: 'Afname (import)' },
                    { value: 'export', label: 'Teruglevering (export)' },
                  ]}
                />
              )}
            </form.Field>
            <form.Field name="minKwh">
              {(field) => <TextField field={field} label="Ondergrens per dag (kWh)" inputMode="decimal" hint="Leeg: geen ondergrens." />}
            </form.Field>
            <form.Field name="maxKwh">
              {(field) => <TextField field={field} label="Bovengrens per dag (kWh)" inputMode="decimal" hint="Leeg: geen bovengrens." />}
            </form.Field>
          </>
        ) : null}
        {type === 'NO_DATA' ? (
          <form.Field name="hours">{(field) => <TextField field={field} label="Uren zonder gegevens" inputMode="numeric" required />}</form.Field>
        ) : null}
      </div>
      <form.Field name="enabled">{(field) => <CheckboxField field={field} label="Regel staat aan" />}</form.Field>

      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Voorbeeld: wat had deze regel gemeld?</legend>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="preview-from">Van</Label>
            <Input id="preview-from" type="date" value={period.from} onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="preview-to">Tot</Label>
            <Input id="preview-to" type="date" value={period.to} onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))} />
          </div>
          <Button type="button" variant="outline" onClick={() => void runPreview()} disabled={previewCall.isPending}>
            {previewCall.isPending ? 'Bezig…' : 'Voorbeeld tonen'}
          </Button>
        </div>
        {previewError ? (
          <AlertBanner variant="error" title="Voorbeeld mislukt">
            {previewError}
          </AlertBanner>
        ) : null}
        {preview ? (
          <div className="grid gap-2" data-testid="energy-preview">
            <p role="status" className="text-sm">
              {preview.alarms.length === 0
                ? 'Geen meldingen in deze periode.'
                : `${preview.alarms.length} ${preview.alarms.length === 1 ? 'melding' : 'meldingen'} in deze periode.`}
            </p>
            {chartChannel ? (
              <PreviewChart
                channelId={chartChannel}
                from={preview.from}
                to={preview.to}
                daily={preview.values.type === 'DAILY_ENERGY'}
                limits={limitLines(preview.values)}
                alarms={preview.alarms}
              />
            ) : (
              <p className="text-sm text-muted-foreground">Deze meter heeft geen kanaal voor deze regel.</p>
            )}
            <ul className="grid max-h-48 gap-1 overflow-auto text-sm">
              {preview.alarms.map((a) => (
                <li key={a.key} className="break-words">
                  {a.line}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </fieldset>
      <div>
        <SubmitButton form={form}>{submitLabel}</SubmitButton>
      </div>
    </AppForm>
  );
}
