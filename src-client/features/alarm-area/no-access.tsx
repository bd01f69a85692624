import { Link } from '@tanstack/react-router';
import { ShieldX } from 'lucide-react';
import { usePageTitle } from '~/components/layout/use-page-title';

/** What the alarm area's not-found answer carries when a customer asks for it. */
export const NO_ALARM_ACCESS = 'no-alarm-access';

/** A customer, or anyone the server refuses with 403, in the alarm area. */
export function NoAccessPage() {
  usePageTitle('Geen toegang');
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col justify-center gap-4 p-8">
      <ShieldX aria-hidden className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">Geen toegang</h1>
      <p className="text-muted-foreground">
        Je hebt geen toegang tot de alarmen. Alarmdashboards zijn er voor beheerders en installateurs. Denk je dat dit niet klopt? Neem dan contact op met je
        installateur.
      </p>
      <p>
        <Link to="/" className="font-medium text-primary underline underline-offset-4">
          Naar de startpagina
        </Link>
      </p>
    </main>
  );
}
