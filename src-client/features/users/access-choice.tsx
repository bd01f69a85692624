import { KeyRound, Mail } from 'lucide-react';
import { Button } from '~/components/ui/button';

export type AccessMode = 'password' | 'invite';

const choices: { mode: AccessMode; label: string; icon: typeof Mail }[] = [
  { mode: 'password', label: 'Wachtwoord instellen', icon: KeyRound },
  { mode: 'invite', label: 'Uitnodigen per e-mail', icon: Mail },
];

/** How a new user gets in: a password chosen now, or an invitation link to choose one (72 hours valid). */
export function AccessChoice({ mode, onChange }: { mode: AccessMode; onChange: (mode: AccessMode) => void }) {
  return (
    <div className="grid gap-1.5">
      <div role="group" aria-label="Toegang" className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <Button
            key={c.mode}
            type="button"
            size="sm"
            variant={mode === c.mode ? 'default' : 'outline'}
            aria-pressed={mode === c.mode}
            onClick={() => onChange(c.mode)}
          >
            <c.icon aria-hidden className="size-4" />
            {c.label}
          </Button>
        ))}
      </div>
      {mode === 'invite' ? (
        <p className="text-sm text-muted-foreground">
          De gebruiker krijgt een link om zelf een wachtwoord te kiezen. De link is 72 uur geldig en werkt één keer.
        </p>
      ) : null}
    </div>
  );
}
