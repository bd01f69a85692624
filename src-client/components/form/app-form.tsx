import type { AnyFormApi } from '@tanstack/react-form';
import { type ReactNode, useState } from 'react';
import { AlertBanner } from '~/components/ui/alert-banner';
import { applyRequestError } from '~/lib/request-error';
import { JsForm } from './js-form';
import { formContext } from './use-app-form';

/**
 * Runs a form's request: field errors from the server land at their fields, the rest in the
 * banner that `AppForm` shows. Returns true when the request succeeded.
 */
export function useRequestFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (formApi: AnyFormApi, request: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await request();
      return true;
    } catch (error) {
      setFailure(applyRequestError(formApi, error));
      return false;
    }
  };
  return { failure, run };
}

/**
 * A form that validates in JavaScript (not the browser) and shows a failed request above its fields
 * (`failure`: the reason, or what the form says about it); it hands the form to its children, so
 * `form.SubmitButton` (`useAppForm`) finds it.
 */
export function AppForm({ form, failure, className, children }: { form: AnyFormApi; failure: ReactNode; className?: string; children: ReactNode }) {
  return (
    <JsForm noValidate className={className ?? 'grid max-w-xl gap-4'} onSubmit={() => void form.handleSubmit()}>
      {failure ? (
        <AlertBanner variant="error" title="Verzoek mislukt">
          {failure}
        </AlertBanner>
      ) : null}
      <formContext.Provider value={form}>{children}</formContext.Provider>
    </JsForm>
  );
}
