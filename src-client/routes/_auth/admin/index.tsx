import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth/admin/')({
  component: AdminHome,
});

function AdminHome() {
  const { user } = Route.useRouteContext();
  return (
    <section className="max-w-3xl">
      <h1 className="text-2xl font-semibold">Beheer</h1>
      <p className="mt-2 text-muted-foreground">
        {user.type === 'admin'
          ? 'Hier beheer je organisaties, locaties, gebruikers, meters en de feeds van Meterbeheer HUB.'
          : 'Hier beheer je de locaties, klanten, meters en feeds van je organisatie.'}
      </p>
    </section>
  );
}
