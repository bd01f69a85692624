import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
import { LocationStatusResult } from './location-status';

const isNotFound = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code === 'NOT_FOUND';

/**
 * 'Storingen en onderhoud' on a location's dashboard page: shown to its customers when the
 * location shows them the summary; nothing at all when it does not (the server answers 404).
 * Staff see it always, with a note when the customers do not.
 */
export function CustomerStatusSection({ locationId, staff }: { locationId: number; staff: boolean }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.customerView.status.queryOptions({ locationId }));
  if (status.isError && isNotFound(status.error)) return null;
  return (
    <section className="mt-8 grid gap-3" aria-labelledby="storingen-en-onderhoud">
      <h2 id="storingen-en-onderhoud" className="text-lg font-semibold">
        Storingen en onderhoud
      </h2>
      {staff && status.data?.customerView === 'NONE' ? (
        <p className="text-sm text-muted-foreground">
          De klanten van deze locatie zien dit deel niet: de klantweergave staat op 'Alleen energie'. Zet die aan op de locatiepagina in het beheer.
        </p>
      ) : null}
      <LocationStatusResult query={status} />
    </section>
  );
}
