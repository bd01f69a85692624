import { Link, type LinkProps } from '@tanstack/react-router';
import { Building2, Check, Gauge, KeyRound, type LucideIcon, MapPin, Rss, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SetupOverview } from '@/domain/overview';
import type { User } from '@/domain/user';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';

interface Step {
  title: string;
  icon: LucideIcon;
  done: boolean;
  /** What exists, e.g. '3 locaties'. */
  status: string;
  action?: { label: string; link: LinkProps };
  /** Said instead of an action (the HUB key is set on the server, not here). */
  hint?: ReactNode;
}

const count = (n: number, one: string, many: string) => (n === 0 ? `Nog geen ${many}` : `${n} ${n === 1 ? one : many}`);

/** The setup order of a fresh install (organization → location → HUB key → feed → meter → customer). */
export function setupSteps(o: SetupOverview, user: User): Step[] {
  const admin = user.type === 'admin';
  return [
    {
      title: 'Organisatie',
      icon: Building2,
      done: o.organizations > 0,
      status: count(o.organizations, 'organisatie', 'organisaties'),
      action: admin ? { label: 'Naar organisaties', link: { to: '/admin/organizations' } } : undefined,
    },
    {
      title: 'Locatie',
      icon: MapPin,
      done: o.locations > 0,
      status: count(o.locations, 'locatie', 'locaties'),
      action: { label: 'Locatie toevoegen', link: { to: '/admin/locations/create' } },
    },
    {
      title: 'Sleutel voor Meterbeheer HUB',
      icon: KeyRound,
      done: o.hubConfigured,
      status: o.hubConfigured ? 'Ingesteld' : 'Ontbreekt',
      hint: o.hubConfigured ? undefined : admin ? (
        <>
          Zet <code className="rounded bg-muted px-1">METERBEHEER_API_KEY</code> in de omgeving van de server en start het product opnieuw.
        </>
      ) : (
        'Vraag je beheerder om de sleutel in te stellen.'
      ),
    },
    {
      title: 'Feed',
      icon: Rss,
      done: o.feeds > 0,
      status: count(o.feeds, 'feed', 'feeds'),
      action: { label: 'Naar feeds', link: { to: '/admin/integrations/meterbeheer/feeds' } },
    },
    {
      title: 'Meter',
      icon: Gauge,
      done: o.meters > 0,
      status: count(o.meters, 'meter', 'meters'),
      action: { label: 'Naar meters', link: { to: '/admin/meters' } },
    },
    {
      title: 'Klant',
      icon: UserRound,
      done: o.customers > 0,
      status: count(o.customers, 'klant', 'klanten'),
      action: { label: 'Klant toevoegen', link: { to: '/admin/users/create/$type', params: { type: 'customer' } } },
    },
  ];
}

/** The steps in order: done ones ticked, the first open one stands out with its action. */
export function SetupSteps({ steps }: { steps: Step[] }) {
  const next = steps.findIndex((s) => !s.done);
  return (
    <ol aria-label="Inrichten in zes stappen" className="grid gap-2">
      {steps.map((step, i) => (
        <li
          key={step.title}
          aria-current={i === next ? 'step' : undefined}
          className={cn(
            'flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border p-3',
            i === next ? 'border-primary bg-accent' : 'border-border bg-background',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold',
              step.done ? 'border-emerald-300 bg-emerald-50 text-emerald-800' : 'border-border bg-muted text-muted-foreground',
            )}
          >
            {step.done ? <Check className="size-4" /> : i + 1}
          </span>
          <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
            <span className="flex items-center gap-2 font-medium">
              <step.icon aria-hidden className="size-4 text-muted-foreground" />
              <span>
                {i + 1}. {step.title}
              </span>
              <span className="sr-only">{step.done ? '(klaar)' : i === next ? '(volgende stap)' : '(nog te doen)'}</span>
            </span>
            <span className="text-sm text-muted-foreground" data-testid={`setup-status-${i + 1}`}>
              {step.status}
            </span>
            {step.hint ? <span className="text-sm">{step.hint}</span> : null}
          </div>
          {step.action ? (
            <Button asChild size="sm" variant={i === next ? 'default' : 'outline'}>
              <Link {...step.action.link}>{step.action.label}</Link>
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
