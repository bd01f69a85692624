import { Link } from '@tanstack/react-router';
import { usePageTitle } from '~/components/layout/use-page-title';

/** A path inside a dashboard that names nothing: an unknown page or folder. */
export function UnknownPage({ dashboardId }: { dashboardId: number }) {
  usePageTitle('Pagina bestaat niet');
  return (
    <section className="grid max-w-xl gap-3 py-10">
      <h1 className="text-2xl font-semibold">Pagina bestaat niet</h1>
      <p>
        <Link to="/alarms/$dashboardId" params={{ dashboardId }} className="font-medium text-primary underline underline-offset-4">
          Naar het overzicht
        </Link>
      </p>
    </section>
  );
}
