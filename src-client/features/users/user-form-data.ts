import type { UserType } from '@/domain/user';
import type { TrpcCache } from '~/lib/trpc';

/** What a user form of this type offers to pick (an installer's organization, a customer's locations), for the page's loader. */
export async function ensureUserFormData({ trpc, queryClient }: TrpcCache, type: UserType): Promise<void> {
  if (type === 'installer') await queryClient.ensureQueryData(trpc.organization.withLocations.queryOptions());
  if (type === 'customer') await queryClient.ensureQueryData(trpc.location.visible.queryOptions());
}
