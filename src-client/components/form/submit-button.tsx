import type { AnyFormApi } from '@tanstack/react-form';
import { useStore } from '@tanstack/react-form';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';

/** The submit button of a form: disabled with a spinner while the form submits. */
export function SubmitButton({ form, children }: { form: AnyFormApi; children: string }) {
  const submitting = useStore(form.store, (s) => s.isSubmitting);
  return (
    <Button type="submit" disabled={submitting}>
      {submitting ? <Spinner /> : null}
      {children}
    </Button>
  );
}
