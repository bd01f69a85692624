import { Keyboard } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';

const SHORTCUTS: [string, string][] = [
  ['j', 'Volgende alarm'],
  ['k', 'Vorige alarm'],
  ['Enter', 'Alarm openen'],
  ['a', 'Bevestigen'],
  ['e', 'Oplossen (naar de map voor opgeloste alarmen)'],
  ['#', 'Verwijderen (naar de prullenbak)'],
  ['x', 'Selecteren of deselecteren'],
  ['?', 'Deze lijst tonen'],
];

/** The folder page's keyboard shortcuts, opened with `?` or its button. */
export function ShortcutHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sneltoetsen"
      description="Werkt in de lijst met alarmen, niet tijdens het typen in een veld."
      trigger={
        // Hidden on phones, which have no keyboard to use them; `?` still opens it.
        <Button variant="ghost" size="sm" aria-keyshortcuts="?" className="hidden sm:inline-flex">
          <Keyboard aria-hidden className="size-4" />
          Sneltoetsen
        </Button>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="inline-flex min-w-8 justify-center rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs font-semibold">
                {key}
              </kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
