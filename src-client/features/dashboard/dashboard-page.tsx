import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { User } from '@/domain/user';
import { AppHeader } from '~/components/layout/app-header';
import { usePageTitle } from '~/components/layout/use-page-title';

/** The frame of a dashboard page: top bar, breadcrumb from Dashboard (and the location), title. */
export function DashboardPage({
  user,
  location,
  title,
  children,
}: {
  user: User;
  location?: { selector: string; name: string };
  title: string;
  children: ReactNode;
}) {
  usePageTitle(location && location.name !== title ? `${title} · ${location.name}` : title);
  return (
    <div className="min-h-full bg-muted">
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-10">
        <nav aria-label="Kruimelpad" className="mb-2 text-sm text-muted-foreground">
          <Link to="/dashboard" className="hover:underline">
            Dashboard
          </Link>
          {location ? (
            <>
              {' / '}
              <Link to="/dashboard/$locationSelector" params={{ locationSelector: location.selector }} className="hover:underline">
                {location.name}
              </Link>
            </>
          ) : null}
          {' / '}
          {title}
        </nav>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
      </main>
    </div>
  );
}
