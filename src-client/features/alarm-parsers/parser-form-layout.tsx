import type { AnyFormApi } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { SubmitButton } from '~/components/form/submit-button';
import { AlertBanner } from '~/components/ui/alert-banner';
import { Button } from '~/components/ui/button';
import { submitAfresh } from './parser-errors';

/**
 * A parser form beside its dry run: side by side on a wide screen (the dry run stays in view
 * while scrolling the form), one under the other on a narrow one. Read-only, every field is
 * disabled and there is nothing to save.
 */
export function ParserFormLayout({
  form,
  failure,
  readOnly,
  isNew,
  onCancel,
  aside,
  children,
}: {
  form: AnyFormApi;
  failure: string | null;
  readOnly: boolean;
  isNew: boolean;
  onCancel: () => void;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid min-w-0 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <form
        noValidate
        aria-label={isNew ? 'Nieuwe parser' : 'Parser'}
        className="grid min-w-0 gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          void submitAfresh(form);
        }}
      >
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
      </form>
      <aside className="min-w-0 xl:sticky xl:top-4" aria-label="Proefdraaien">
        {aside}
      </aside>
    </div>
  );
}
