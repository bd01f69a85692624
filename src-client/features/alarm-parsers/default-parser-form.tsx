import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { priorityLabels } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { MATCH_FIELDS, type Parser, matchFieldLabels } from '@/domain/alarm-parser';
import { FieldGroup } from './field-group';
import { LocationSection } from './location-rules';
import { ParserFormLayout } from './parser-form-layout';
import { type DefaultValues, parserValues } from './parser-form-values';
import { DataFields, PriorityRules } from './rule-lists';
import { HeartbeatSection, RecoverySection } from './signal-sections';
import { TemplateField } from './template-field';
import { useParserForm } from './use-parser-form';
import type { SampleEmailState } from './use-sample-email';

const patternProps = { className: 'font-mono', spellCheck: false, autoComplete: 'off' } as const;
const matchHints = {
  from: 'Bijvoorbeeld gbs@example\\.nl. Wordt vergeleken met ‘Naam <adres>’.',
  subject: 'Bijvoorbeeld ^Alarm: (?<melding>.+?) op (?<installatie>\\S+)',
  body: 'Bijvoorbeeld ^Status: storing',
} as const;

/** The DEFAULT parser: recognizing, extracting and shaping the alarm with patterns and templates, no code or JSON. */
export function DefaultParserForm({
  dashboard,
  folders,
  sources,
  parser,
  readOnly,
  sample,
  onDone,
}: {
  dashboard: AlarmDashboard;
  folders: AlarmFolder[];
  sources: { id: number; name: string }[];
  parser: Parser | undefined;
  readOnly: boolean;
  sample: SampleEmailState;
  onDone: () => void;
}) {
  const { form, failure } = useParserForm({
    dashboardId: dashboard.id,
    parser,
    defaultValues: parserValues('DEFAULT', parser) as DefaultValues,
    onSaved: onDone,
  });
  const folderOptions = [
    { value: '', label: 'Die van de bron, anders de standaardmap' },
    ...folders.filter((f) => !f.trash).map((f) => ({ value: String(f.id), label: f.label })),
  ];
  const sourceOptions = [{ value: '', label: 'Alle bronnen' }, ...sources.map((s) => ({ value: String(s.id), label: s.name }))];
  return (
    <ParserFormLayout
      form={form}
      failure={failure}
      dashboardId={dashboard.id}
      parser={parser}
      folders={folders}
      readOnly={readOnly}
      sample={sample}
      onCancel={onDone}
    >
      <FieldGroup title="Algemeen">
        <form.AppField name="name">{(field) => <field.TextField label="Naam" required maxLength={64} />}</form.AppField>
        <form.AppField name="sourceId">
          {(field) => <field.ChoiceField label="Bron" options={sourceOptions} hint="Alleen e-mails uit deze bron gaan langs deze parser." />}
        </form.AppField>
        <form.AppField name="enabled">
          {(field) => <field.CheckboxField label="Ingeschakeld" hint="Een uitgeschakelde parser slaat de pijplijn over." />}
        </form.AppField>
      </FieldGroup>
      <FieldGroup
        title="Herkennen"
        description="Reguliere expressies, ongevoelig voor hoofdletters; ^ en $ passen bij elke regel. Alle ingevulde patronen moeten passen; laat alles leeg om elke e-mail te nemen. Een benoemde groep (?<naam>…) kun je in de melding gebruiken."
      >
        {MATCH_FIELDS.map((f) => (
          <form.AppField key={f} name={`config.match.${f}`}>
            {(field) => <field.TextField label={matchFieldLabels[f]} hint={matchHints[f]} {...patternProps} />}
          </form.AppField>
        ))}
      </FieldGroup>
      <FieldGroup title="Gegevens" description="Waarden die bij het alarm worden bewaard: de eerste groep ( … ) van het patroon wordt de waarde.">
        <DataFields form={form} readOnly={readOnly} />
      </FieldGroup>
      <FieldGroup title="Melding">
        <TemplateField
          form={form}
          name="config.line"
          label="Melding (sjabloon)"
          hint="De regel van het alarm. {{naam}} wordt vervangen door de waarde."
          sample={sample.sample}
        />
      </FieldGroup>
      <FieldGroup
        title="Prioriteit"
        description={`De eerste regel waarvan het patroon past, bepaalt de prioriteit; past er geen, dan geldt de standaardprioriteit van het dashboard (${priorityLabels[dashboard.settings.defaultPriority]}).`}
      >
        <PriorityRules form={form} readOnly={readOnly} />
      </FieldGroup>
      <FieldGroup title="Deadline en map" container>
        <div className="grid gap-4 @2xl:grid-cols-2">
          <form.AppField name="config.deadlineMinutes">
            {(field) => <field.TextField label="Deadline (minuten na ontvangst)" inputMode="numeric" hint="Leeg: geen deadline." autoComplete="off" />}
          </form.AppField>
          <form.AppField name="config.folderId">{(field) => <field.ChoiceField label="Map" options={folderOptions} />}</form.AppField>
        </div>
      </FieldGroup>
      <FieldGroup title="Groeperen">
        <form.AppField name="grouping">
          {(field) => (
            <field.CheckboxField
              label="Herhalingen groeperen"
              hint="Een alarm met dezelfde sleutel binnen het venster telt als herhaling (×N) van het bestaande alarm in plaats van een nieuw alarm."
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(s) => s.values.grouping}>
          {(grouping) =>
            grouping ? (
              <div className="grid gap-4">
                <TemplateField
                  form={form}
                  name="config.group.key"
                  label="Groeperingssleutel (sjabloon)"
                  hint="Bijvoorbeeld {{installatie}}."
                  sample={sample.sample}
                />
                <form.AppField name="config.group.windowMinutes">
                  {(field) => <field.TextField label="Venster (minuten)" required inputMode="numeric" autoComplete="off" className="sm:max-w-40" />}
                </form.AppField>
              </div>
            ) : null
          }
        </form.Subscribe>
      </FieldGroup>
      <LocationSection form={form} organizationId={dashboard.organization.id} readOnly={readOnly} />
      <RecoverySection form={form} />
      <HeartbeatSection form={form} />
    </ParserFormLayout>
  );
}
