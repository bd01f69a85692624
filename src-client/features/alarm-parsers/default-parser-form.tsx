import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { priorityLabels } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { MATCH_FIELDS, type Parser, matchFieldLabels } from '@/domain/alarm-parser';
import { CheckboxField, ChoiceField } from '~/components/form/choice-fields';
import { TextField } from '~/components/form/text-field';
import { DryRunPanel } from './dry-run-panel';
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
      readOnly={readOnly}
      isNew={!parser}
      onCancel={onDone}
      aside={<DryRunPanel dashboardId={dashboard.id} form={form} savedParserId={readOnly ? parser?.id : undefined} sample={sample} folders={folders} />}
    >
      <FieldGroup title="Algemeen">
        <form.Field name="name">{(field) => <TextField field={field} label="Naam" required maxLength={64} />}</form.Field>
        <form.Field name="sourceId">
          {(field) => <ChoiceField field={field} label="Bron" options={sourceOptions} hint="Alleen e-mails uit deze bron gaan langs deze parser." />}
        </form.Field>
        <form.Field name="enabled">
          {(field) => <CheckboxField field={field} label="Ingeschakeld" hint="Een uitgeschakelde parser slaat de pijplijn over." />}
        </form.Field>
      </FieldGroup>
      <FieldGroup
        title="Herkennen"
        description="Reguliere expressies, ongevoelig voor hoofdletters; ^ en $ passen bij elke regel. Alle ingevulde patronen moeten passen; laat alles leeg om elke e-mail te nemen. Een benoemde groep (?<naam>…) kun je in de melding gebruiken."
      >
        {MATCH_FIELDS.map((f) => (
          <form.Field key={f} name={`config.match.${f}`}>
            {(field) => <TextField field={field} label={matchFieldLabels[f]} hint={matchHints[f]} {...patternProps} />}
          </form.Field>
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
          <form.Field name="config.deadlineMinutes">
            {(field) => <TextField field={field} label="Deadline (minuten na ontvangst)" inputMode="numeric" hint="Leeg: geen deadline." autoComplete="off" />}
          </form.Field>
          <form.Field name="config.folderId">{(field) => <ChoiceField field={field} label="Map" options={folderOptions} />}</form.Field>
        </div>
      </FieldGroup>
      <FieldGroup title="Groeperen">
        <form.Field name="grouping">
          {(field) => (
            <CheckboxField
              field={field}
              label="Herhalingen groeperen"
              hint="Een alarm met dezelfde sleutel binnen het venster telt als herhaling (×N) van het bestaande alarm in plaats van een nieuw alarm."
            />
          )}
        </form.Field>
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
                <form.Field name="config.group.windowMinutes">
                  {(field) => <TextField field={field} label="Venster (minuten)" required inputMode="numeric" autoComplete="off" className="sm:max-w-40" />}
                </form.Field>
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
