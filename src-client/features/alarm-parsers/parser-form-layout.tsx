import type { AnyFormApi } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { Parser } from '@/domain/alarm-parser';
import { JsForm } from '~/components/form/js-form';
import { SubmitButton } from '~/components/form/submit-button';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { DryRunPanel } from './dry-run-panel';
import { submitAfresh } from './parser-errors';
import type { SampleEmailState } from './use-sample-email';

/**
 * A parser form (new without `parser`) beside its dry run: side by side on a wide screen (the dry
 * run stays in view while scrolling the form), one under the other on a narrow one. Read-only,
 * every field is disabled, there is nothing to save and the dry run runs the saved parser.
 */
export function ParserFormLayout({
  form,
  failure,
  dashboardId,
  parser,
  folders,
  readOnly,
  sample,
  onCancel,
  children,
}: {
  form: AnyFormApi;
  failure: string | null;
  dashboardId: number;
  parser: Parser | undefined;
  folders: AlarmFolder[];
  readOnly: boolean;
  sample: SampleEmailState;
  onCancel: () => void;
  children: ReactNode;
}) {
  const isNew = !parser;
  return (
    <div className="grid min-w-0 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <JsForm noValidate aria-label={isNew ? 'Nieuwe parser' : 'Parser'} className="grid min-w-0 gap-5" onSubmit={() => void submitAfresh(form)}>
        <fieldset disabled={readOnly} className="grid min-w-0 gap-5">
          {children}
        </fieldset>
        {failure ? (
          <AlertBanner variant="error" title="Opslaan mislukt">
            {failure}
          </AlertBanner>
        ) : null}
        {readOnly ? null : (
          // A press does not take the focus from the field being edited: its blur check could add or
          // remove a message above and move these buttons away between press and release.
          <div className="flex flex-wrap gap-2" onMouseDown={(e) => e.preventDefault()}>
            <SubmitButton form={form}>{isNew ? 'Parser toevoegen' : 'Opslaan'}</SubmitButton>
            <Button variant="outline" onClick={onCancel}>
              Annuleren
            </Button>
          </div>
        )}
      </JsForm>
      <aside className="min-w-0 xl:sticky xl:top-4" aria-label="Proefdraaien">
        <DryRunPanel dashboardId={dashboardId} form={form} savedParserId={readOnly ? parser?.id : undefined} sample={sample} folders={folders} />
      </aside>
    </div>
  );
}
