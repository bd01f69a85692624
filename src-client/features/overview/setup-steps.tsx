import { Building2, Gauge, KeyRound, MapPin, Rss, UserRound } from 'lucide-react';
import type { SetupOverview } from '@/domain/overview';
import type { User } from '@/domain/user';
import { type SetupStep, countText as count } from '~/components/setup-steps';

/** The setup order of a fresh install (organization → location → HUB key → feed → meter → customer). */
export function setupSteps(o: SetupOverview, user: User): SetupStep[] {
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
