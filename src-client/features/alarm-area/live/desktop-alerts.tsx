import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Whether a new HIGH alarm may show a browser notification. */
export const desktopAlertsAllowed = () => supported() && Notification.permission === 'granted';

/** 'Meldingen aanzetten' asks the browser's permission once; afterwards it says how things stand. */
export function DesktopAlertsButton() {
  const [permission, setPermission] = useState(() => (supported() ? Notification.permission : 'unsupported'));
  if (permission === 'unsupported') return null;
  if (permission === 'granted') {
    return (
      <span
        className="hidden items-center gap-1.5 text-sm text-muted-foreground lg:inline-flex"
        title="Je krijgt een melding bij een nieuw alarm met prioriteit Hoog."
      >
        <Bell aria-hidden className="size-4" />
        Meldingen aan
      </span>
    );
  }
  if (permission === 'denied') {
    return (
      <span
        className="hidden items-center gap-1.5 text-sm text-muted-foreground lg:inline-flex"
        title="Sta meldingen voor deze site toe in de instellingen van je browser."
      >
        <BellOff aria-hidden className="size-4" />
        Meldingen geblokkeerd
      </span>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      title="Een melding bij een nieuw alarm met prioriteit Hoog"
      onClick={async () => setPermission(await Notification.requestPermission())}
    >
      <Bell aria-hidden className="size-4" />
      <span className="hidden sm:inline">Meldingen aanzetten</span>
      <span className="sr-only sm:hidden">Meldingen aanzetten</span>
    </Button>
  );
}
