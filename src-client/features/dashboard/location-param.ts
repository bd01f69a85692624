import { notFound } from '@tanstack/react-router';
import { locationIdOf } from '@/domain/dashboard';
import { httpStatusOf, type TrpcUtils } from '~/lib/trpc';

/** The dashboard of the location a selector names; an unknown or foreign one is not found. */
export async function loadDashboardLocation(utils: TrpcUtils, selector: string) {
  const locationId = locationIdOf(selector);
  if (!locationId) throw notFound();
  try {
    return await utils.dashboard.location.ensureData({ locationId });
  } catch (error) {
    if (httpStatusOf(error) === 404) throw notFound();
    throw error;
  }
}
