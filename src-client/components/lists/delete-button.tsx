import { Trash2 } from 'lucide-react';
import { Button, type ButtonSize, type ButtonVariant } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { requestErrorMessage } from '~/lib/request-error';

/**
 * 'Verwijderen' with a confirmation; a refusal from the server (e.g. 409) is shown in the dialog.
 * The button is outlined, or as `variant`, `size` and `label` (its accessible name) say.
 */
export function DeleteButton({
  title,
  description,
  onDelete,
  variant = 'outline',
  size,
  label,
}: {
  title: string;
  description: string;
  onDelete: () => Promise<unknown>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  label?: string;
}) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel="Verwijderen"
      trigger={
        <Button variant={variant} size={size} aria-label={label}>
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
