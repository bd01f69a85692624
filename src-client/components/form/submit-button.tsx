import type { AnyFormApi } from '@tanstack/react-form';
import { useStore } from '@tanstack/react-form';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { keepFieldFocus } from './field-checks';

/**
 * The submit button of a form: disabled with a spinner while the form submits. Pressing it keeps
 * the focus in the field (`keepFieldFocus`), so a message that field's blur check would add cannot
 * move the button from under the pointer and lose the click.
 */
export function SubmitButton({ form, children }: { form: AnyFormApi; children: string }) {
  const submitting = useStore(form.store, (s) => s.isSubmitting);
  return (
    <Button type="submit" disabled={submitting} onMouseDown={keepFieldFocus}>
      {submitting ? <Spinner /> : null}
      {children}
    </Button>
  );
}
