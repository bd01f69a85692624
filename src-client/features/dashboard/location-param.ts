import { notFound } from '@tanstack/react-router';
import { locationIdOf } from '@/domain/dashboard';
import { httpStatusOf, type TrpcCache } from '~/lib/trpc';

/** The dashboard of the location a selector names; an unknown or foreign one is not found. */
export async function loadDashboardLocation({ trpc, queryClient }: TrpcCache, selector: string) {
  const locationId = locationIdOf(selector);
  if (!locationId) throw notFound();
  try {
    return await queryClient.ensureQueryData(trpc.dashboard.location.queryOptions({ locationId }));
  } catch (error) {
    if (httpStatusOf(error) === 404) throw notFound();
    throw error;
  }
}
