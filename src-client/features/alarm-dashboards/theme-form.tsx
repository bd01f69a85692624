import { type AnyFieldApi, useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { type AlarmDashboard, DEFAULT_THEME, THEME_KEYS, type ThemeKey, themeLabels, themeSchema } from '@/domain/alarm-dashboard';
import { AppForm, useRequestFailure } from '~/components/form/app-form';
import { formSchema } from '~/components/form/form-schema';
import { FieldError, shownErrors, useFieldId } from '~/components/form/text-field';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { isColour, validTheme } from '~/lib/alarms/theme';
import { ThemePreview } from './theme-preview';
import { useSetTheme } from './use-dashboard-mutations';
import { useAppForm } from '~/components/form/use-app-form';

type Values = Record<ThemeKey, string>;

function ColourField({ field, label }: { field: AnyFieldApi; label: string }) {
  const id = useFieldId(field);
  const messages = shownErrors(field);
  const value = field.state.value as string;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} kiezen`}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
          value={isColour(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => field.handleChange(e.target.value)}
        />
        <Input
          id={id}
          className="font-mono"
          value={value}
          maxLength={7}
          spellCheck={false}
          onChange={(e) => field.handleChange(e.target.value.trim())}
          onBlur={field.handleBlur}
          aria-invalid={messages.length > 0}
          aria-describedby={messages.length ? `${id}-error` : undefined}
        />
      </div>
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** The six colours (#rrggbb), with a live preview of header and sidebar. */
export function ThemeForm({ dashboard }: { dashboard: AlarmDashboard }) {
  const save = useSetTheme();
  const { failure, run } = useRequestFailure();
  const [saved, setSaved] = useState(false);
  const form = useAppForm({
    defaultValues: { ...dashboard.theme } as Values,
    validators: { onSubmit: formSchema<Values>(themeSchema) },
    onSubmit: async ({ value, formApi }) => {
      setSaved(false);
      if (await run(formApi, () => save.mutateAsync({ dashboardId: dashboard.id, ...value }))) setSaved(true);
    },
  });
  const values = useStore(form.store, (s) => s.values);
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <AppForm form={form} failure={failure} className="grid content-start gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {THEME_KEYS.map((key) => (
            <form.Field key={key} name={key}>
              {(field) => <ColourField field={field} label={themeLabels[key]} />}
            </form.Field>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <form.SubmitButton>Thema opslaan</form.SubmitButton>
          <Button
            variant="outline"
            onClick={() => {
              for (const key of THEME_KEYS) form.setFieldValue(key, DEFAULT_THEME[key]);
            }}
          >
            Standaardkleuren
          </Button>
          {saved ? (
            <span role="status" className="text-sm text-muted-foreground">
              Het thema is opgeslagen.
            </span>
          ) : null}
        </div>
      </AppForm>
      <ThemePreview theme={validTheme(values, dashboard.theme)} name={dashboard.name} logo={dashboard.settings.brandingFile} />
    </div>
  );
}
