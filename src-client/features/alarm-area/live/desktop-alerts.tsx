import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * Whether this browser's user turned desktop alerts off. A page cannot take back the browser's
 * permission once given, so turning alerts off is our own choice, kept per browser.
 */
const OFF_KEY = 'desktop-alerts-off';
const turnedOff = () => localStorage.getItem(OFF_KEY) === '1';

/** Whether a new HIGH alarm may show a browser notification. */
export const desktopAlertsAllowed = () => supported() && Notification.permission === 'granted' && !turnedOff();

const HINT = 'Een melding op je computer bij een nieuw alarm met prioriteit Hoog';

/**
 * 'Meldingen aanzetten' asks the browser's permission once; after that the same button shows that
 * alerts are on and turns them off (and on again), at every width. Blocked in the browser, it says
 * where to change that.
 */
export function DesktopAlertsButton() {
  const [permission, setPermission] = useState(() => (supported() ? Notification.permission : 'unsupported'));
  const [off, setOff] = useState(turnedOff);
  if (permission === 'unsupported') return null;
  if (permission === 'denied') {
    return (
      <span
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground"
        title="Sta meldingen voor deze site toe in de instellingen van je browser."
      >
        <BellOff aria-hidden className="size-4" />
        <span className="hidden lg:inline">Meldingen geblokkeerd</span>
        <span className="sr-only lg:hidden">Meldingen geblokkeerd in je browser</span>
      </span>
    );
  }
  const on = permission === 'granted' && !off;
  const label = permission !== 'granted' ? 'Meldingen aanzetten' : on ? 'Meldingen aan' : 'Meldingen uit';
  const toggle = async () => {
    if (permission !== 'granted') {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
      localStorage.removeItem(OFF_KEY);
      setOff(false);
      return;
    }
    if (on) localStorage.setItem(OFF_KEY, '1');
    else localStorage.removeItem(OFF_KEY);
    setOff(on);
  };
  return (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={permission === 'granted' ? on : undefined}
      title={permission !== 'granted' ? HINT : on ? `${HINT}: aan. Klik om ze uit te zetten.` : `${HINT}: uit. Klik om ze aan te zetten.`}
      onClick={() => void toggle()}
    >
      {on ? (
        <Bell aria-hidden className="size-4" />
      ) : permission === 'granted' ? (
        <BellOff aria-hidden className="size-4" />
      ) : (
        <Bell aria-hidden className="size-4" />
      )}
      <span className="hidden sm:inline">{label}</span>
      <span className="sr-only sm:hidden">{label}</span>
    </Button>
  );
}
