import { Send } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { requestErrorMessage } from '~/lib/request-error';
import { useTestContactMethod } from './use-add-contact-method';

/** "Stuur een testmelding" for a method just added, and how it went. */
export function TestMethodButton({ contactMethodId }: { contactMethodId: number }) {
  const test = useTestContactMethod();
  const answer = test.data ?? (test.error ? { ok: false, message: requestErrorMessage(test.error) } : null);
  return (
    <div className="grid gap-2">
      <div>
        <Button type="button" variant="outline" size="sm" disabled={test.isPending} onClick={() => test.mutate({ contactMethodId })}>
          <Send aria-hidden className="size-4" />
          Stuur een testmelding
        </Button>
      </div>
      {answer ? (
        <p role="status" className={answer.ok ? 'text-sm text-emerald-700' : 'text-sm text-destructive'}>
          {answer.message}
        </p>
      ) : null}
    </div>
  );
}
