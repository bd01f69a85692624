import { Link, useMatches } from '@tanstack/react-router';
import type { User } from '@/domain/user';
import { AppHeader } from './app-header';
import { usePageTitle } from './use-page-title';

/** Layouts that draw their own header and navigation around a page that is not found. */
const LAYOUTS_WITH_NAVIGATION = ['/_auth/admin', '/_auth/alarms/$dashboardId'];

/**
 * 'Pagina niet gevonden'. Signed in and outside a layout with its own navigation (the dashboard,
 * the start page), it keeps the top bar, so the way back and the sign-out stay where they were.
 */
export function NotFoundPage() {
  usePageTitle('Pagina niet gevonden');
  const matches = useMatches();
  const user = (matches.find((m) => m.routeId === '/_auth')?.context as { user?: User } | undefined)?.user;
  const inLayout = matches.some((m) => LAYOUTS_WITH_NAVIGATION.includes(m.routeId));
  const inDashboard = matches.some((m) => m.routeId.startsWith('/_auth/dashboard'));
  const body = (
    <main className="mx-auto flex max-w-xl flex-col justify-center gap-4 p-8">
      <h1 className="text-2xl font-semibold">Pagina niet gevonden</h1>
      <p className="text-muted-foreground">De pagina die je zoekt bestaat niet (meer). Controleer het adres of ga terug naar de startpagina.</p>
      <p className="flex flex-wrap gap-4">
        {inDashboard ? (
          <Link to="/dashboard" className="font-medium text-primary underline underline-offset-4">
            Naar het dashboard
          </Link>
        ) : null}
        <Link to="/" className="font-medium text-primary underline underline-offset-4">
          Naar de startpagina
        </Link>
      </p>
    </main>
  );
  if (!user || inLayout) return body;
  return (
    <div className="min-h-full bg-muted">
      <AppHeader user={user} />
      {body}
    </div>
  );
}
