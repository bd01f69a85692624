import { Trash2 } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { requestErrorMessage } from '~/lib/request-error';

/** 'Verwijderen' with a confirmation; a refusal from the server (e.g. 409) is shown in the dialog. */
export function DeleteButton({ title, description, onDelete }: { title: string; description: string; onDelete: () => Promise<unknown> }) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel="Verwijderen"
      trigger={
        <Button variant="outline">
          <Trash2 aria-hidden className="size-4" />
          Verwijderen
        </Button>
      }
      onConfirm={async () => {
        try {
          await onDelete();
        } catch (error) {
          throw new Error(requestErrorMessage(error));
        }
      }}
    />
  );
}
