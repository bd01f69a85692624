import { Suspense, lazy } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { Parser } from '@/domain/alarm-parser';
import { FieldError, shownErrors } from '~/components/form/text-field';
import { Label } from '~/components/ui/label';
import { Spinner } from '~/components/ui/spinner';
import { FieldGroup } from './field-group';
import { ParserFormLayout } from './parser-form-layout';
import { type CustomValues, parserValues } from './parser-form-values';
import { useParserForm } from './use-parser-form';
import type { SampleEmailState } from './use-sample-email';

const CodeEditor = lazy(() => import('./code-editor'));

/** The CUSTOM parser: a JavaScript `parse(email)` in a code editor; a new one starts from the example. */
export function CustomParserForm({
  dashboardId,
  folders,
  parser,
  readOnly,
  sample,
  onDone,
}: {
  dashboardId: number;
  folders: AlarmFolder[];
  parser: Parser | undefined;
  readOnly: boolean;
  sample: SampleEmailState;
  onDone: () => void;
}) {
  const { form, failure } = useParserForm({ dashboardId, parser, defaultValues: parserValues('CUSTOM', parser) as CustomValues, onSaved: onDone });
  return (
    <ParserFormLayout
      form={form}
      failure={failure}
      dashboardId={dashboardId}
      parser={parser}
      folders={folders}
      readOnly={readOnly}
      sample={sample}
      onCancel={onDone}
    >
      <FieldGroup title="Algemeen">
        <form.AppField name="name">{(field) => <field.TextField label="Naam" required maxLength={64} />}</form.AppField>
        <form.AppField name="enabled">
          {(field) => <field.CheckboxField label="Ingeschakeld" hint="Een uitgeschakelde parser slaat de pijplijn over." />}
        </form.AppField>
      </FieldGroup>
      <FieldGroup title="Code">
        <form.Field name="code">
          {(field) => {
            const messages = shownErrors(field);
            return (
              <div className="grid min-w-0 gap-1.5">
                <Label id="code-label" required>
                  Code
                </Label>
                <p id="code-hint" className="text-sm text-muted-foreground">
                  Een functie <code className="font-mono">parse(email)</code> die een alarm teruggeeft, of{' '}
                  <code className="font-mono">{'{ reject: reden }'}</code>. Ze draait afgeschermd, met een tijdslimiet, zonder netwerk. Tab gaat naar het
                  volgende veld.
                </p>
                <Suspense
                  fallback={
                    <p role="status" className="flex h-72 items-center justify-center gap-2 rounded-md border border-input text-sm text-muted-foreground">
                      <Spinner /> Editor laden ...
                    </p>
                  }
                >
                  <CodeEditor
                    value={field.state.value}
                    onChange={field.handleChange}
                    onBlur={field.handleBlur}
                    readOnly={readOnly}
                    labelledBy="code-label"
                    describedBy={messages.length ? 'code-hint code-error' : 'code-hint'}
                    invalid={messages.length > 0}
                  />
                </Suspense>
                <FieldError id="code-error" messages={messages} />
              </div>
            );
          }}
        </form.Field>
      </FieldGroup>
    </ParserFormLayout>
  );
}
