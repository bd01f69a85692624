import { Link, createFileRoute } from '@tanstack/react-router';

/** Any other path inside a dashboard (SPEC.md §2, §8). */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/$')({
  component: UnknownPage,
});

function UnknownPage() {
  const { dashboardId } = Route.useParams();
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
