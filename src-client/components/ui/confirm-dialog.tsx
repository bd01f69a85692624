import { AlertDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { AlertBanner } from './alert-banner';
import { Button, buttonVariants } from './button';
import { Spinner } from './spinner';

interface Props {
  /** Absent when the dialog is opened otherwise (a keyboard shortcut): then `open` and `onOpenChange` control it. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Rejects with an Error whose message is shown in the dialog. */
  onConfirm: () => Promise<void>;
}

/** Asks before something irreversible; keeps the dialog open with the reason when it fails. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm, ...controlled }: Props) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlled.open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    controlled.onOpenChange?.(next);
  };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // Cleared on closing too, so a dialog opened from outside (without its trigger) starts clean.
        setError(null);
      }}
    >
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-foreground/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-background p-6 shadow-lg">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          {error ? (
            <AlertBanner variant="error" title="Verzoek mislukt">
              {error}
            </AlertBanner>
          ) : null}
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Annuleren</AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                setError(null);
                try {
                  await onConfirm();
                  setOpen(false);
                } catch (e) {
                  setError(e instanceof Error ? e.message : 'Er is een onbekende fout opgetreden.');
                } finally {
                  setBusy(false);
                }
              }}
            >
              {busy ? <Spinner /> : null}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
