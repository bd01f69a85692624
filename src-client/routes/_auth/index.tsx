import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { BellRing, CalendarClock, ChevronRight, LayoutDashboard, Settings } from 'lucide-react';
import type { ComponentType } from 'react';
import type { User } from '@/domain/user';
import { formatLongDate, isoWeekNumber } from '@/lib/dates';
import { AppHeader } from '~/components/layout/app-header';
import { usePageTitle } from '~/components/layout/use-page-title';

export const Route = createFileRoute('/_auth/')({
  beforeLoad: ({ context }) => {
    // A customer has one area only: straight to the dashboard.
    if (context.user.type === 'customer') throw redirect({ to: '/dashboard' });
  },
  component: StartPage,
});

interface Tile {
  to: '/admin' | '/alarms' | '/dashboard' | '/schedules';
  title: string;
  description: string;
  icon: ComponentType<{ className?: string }>;
}

function tilesFor(user: User): Tile[] {
  const tiles: Tile[] = [];
  if (user.type !== 'customer') {
    tiles.push({
      to: '/admin',
      title: 'Beheer',
      description:
        user.type === 'admin'
          ? 'Organisaties, locaties, gebruikers, meters en feeds beheren.'
          : 'Locaties, klanten, meters en feeds van je organisatie beheren.',
      icon: Settings,
    });
    tiles.push({
      to: '/alarms',
      title: 'Alarmen',
      description:
        user.type === 'admin'
          ? 'Alarmdashboards van alle organisaties behandelen en inrichten.'
          : 'De alarmdashboards van je organisatie: mappen, meldingen, live.',
      icon: BellRing,
    });
    tiles.push({ to: '/schedules', title: 'Piketdienst', description: 'Wie wanneer dienst heeft: roosters, vervangingen en je agenda.', icon: CalendarClock });
  }
  tiles.push({ to: '/dashboard', title: 'Dashboard', description: 'Het energieverbruik van je locaties bekijken.', icon: LayoutDashboard });
  return tiles;
}

function StartPage() {
  const { user } = Route.useRouteContext();
  const today = new Date();
  usePageTitle('Start');
  return (
    <div className="min-h-full bg-muted">
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-2xl font-semibold">Welkom{user.fullName ? `, ${user.fullName}` : ''}</h1>
        <p className="mt-1 text-muted-foreground">
          Vandaag is het {formatLongDate(today)} (week {isoWeekNumber(today)}). Waar wil je naartoe?
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tilesFor(user).map((tile) => (
            <li key={tile.to}>
              <Link
                to={tile.to}
                className="group flex h-full items-start gap-4 rounded-xl border border-border bg-background p-5 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <tile.icon className="mt-0.5 size-6 shrink-0 text-primary" />
                <span className="flex-1">
                  <span className="block text-lg font-medium">{tile.title}</span>
                  <span className="mt-1 block text-sm text-muted-foreground">{tile.description}</span>
                </span>
                <ChevronRight aria-hidden className="size-5 text-muted-foreground transition group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
