import { type AnyFormApi, useStore } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { priorityOptions } from '@/domain/alarm-dashboard';
import { ENERGY_RULE_TYPES, type EnergyAlarm, energyRuleTypeHints, energyRuleTypeLabels } from '@/domain/energy-rule';
import { addDays, todayLocal } from '@/lib/amsterdam';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { requestErrorMessage, showFieldError } from '~/lib/request-error';
import { useTRPC } from '~/lib/trpc';
import { PreviewChart } from './preview-chart';
import { type RuleValues, formFieldErrors, inputOf, limitLines } from './rule-values';
import { useAppForm } from '~/components/form/use-app-form';

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
  const form = useAppForm({
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
        <form.AppField name="ruleName">
          {(field) => <field.TextField label="Naam van de regel" required placeholder="bijv. Gecontracteerd vermogen" />}
        </form.AppField>
        <form.AppField name="type">
          {(field) => (
            <field.ChoiceField
              label="Soort regel"
              options={ENERGY_RULE_TYPES.map((t) => ({ value: t, label: energyRuleTypeLabels[t] }))}
              hint={energyRuleTypeHints[type]}
            />
          )}
        </form.AppField>
        <form.AppField name="meterId">
          {(field) => (
            <field.ChoiceField
              label="Meter"
              options={[{ value: '', label: 'Kies een meter' }, ...meters.map((m) => ({ value: String(m.id), label: m.name }))]}
            />
          )}
        </form.AppField>
        <form.AppField name="dashboardId">
          {(field) => (
            <field.ChoiceField
              label="Alarmdashboard"
              options={[{ value: '', label: 'Kies een alarmdashboard' }, ...dashboards.map((d) => ({ value: String(d.id), label: d.name }))]}
            />
          )}
        </form.AppField>
        <form.AppField name="priority">{(field) => <field.ChoiceField label="Prioriteit" options={priorityOptions} />}</form.AppField>
        {type === 'CAPACITY' || type === 'BASE_LOAD' ? (
          <form.AppField name="limitKw">{(field) => <field.TextField label="Grens (kW)" inputMode="decimal" required placeholder="bijv. 120" />}</form.AppField>
        ) : null}
        {type === 'BASE_LOAD' ? (
          <>
            <form.AppField name="from">{(field) => <field.TextField label="Van (UU:MM)" placeholder="01:00" hint="Nederlandse tijd." />}</form.AppField>
            <form.AppField name="to">
              {(field) => (
                <field.TextField
                  label="Tot (UU:MM)"
                  placeholder="05:00"
                  hint="Tot, niet tot en met. Een nacht (22:00 tot 06:00) hoort bij de dag waarop hij begint; 00:00 is het einde van de dag."
                />
              )}
            </form.AppField>
          </>
        ) : null}
        {type === 'DAILY_ENERGY' ? (
          <>
            <form.AppField name="channel">
              {(field) => (
                <field.ChoiceField
                  label="Kanaal"
                  options={[
                    { value: 'import', label: 'Afname (import)' },
                    { value: 'export', label: 'Teruglevering (export)' },
                  ]}
                />
              )}
            </form.AppField>
            <form.AppField name="minKwh">
              {(field) => <field.TextField label="Ondergrens per dag (kWh)" inputMode="decimal" hint="Leeg: geen ondergrens." />}
            </form.AppField>
            <form.AppField name="maxKwh">
              {(field) => <field.TextField label="Bovengrens per dag (kWh)" inputMode="decimal" hint="Leeg: geen bovengrens." />}
            </form.AppField>
          </>
        ) : null}
        {type === 'NO_DATA' ? (
          <form.AppField name="hours">{(field) => <field.TextField label="Uren zonder gegevens" inputMode="numeric" required />}</form.AppField>
        ) : null}
      </div>
      <form.AppField name="enabled">{(field) => <field.CheckboxField label="Regel staat aan" />}</form.AppField>

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
        <form.SubmitButton>{submitLabel}</form.SubmitButton>
      </div>
    </AppForm>
  );
}
