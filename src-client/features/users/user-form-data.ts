import type { UserType } from '@/domain/user';
import type { TrpcUtils } from '~/lib/trpc';

/** What a user form of this type offers to pick (an installer's organization, a customer's locations), for the page's loader. */
export async function ensureUserFormData(utils: TrpcUtils, type: UserType): Promise<void> {
  if (type === 'installer') await utils.organization.withLocations.ensureData();
  if (type === 'customer') await utils.location.visible.ensureData();
}
