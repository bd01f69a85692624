import type { TrpcCache } from '~/lib/trpc';

/** The channel picker's query: the user's channels, and those the meter being edited already uses. */
export const channelOptionsInput = (meterId?: number) => (meterId ? { meterId } : undefined);

/** What the meter form's pickers offer (locations, channels), for the loader of a page with the form. */
export const ensureMeterFormData = ({ trpc, queryClient }: TrpcCache, meterId?: number) =>
  Promise.all([
    queryClient.ensureQueryData(trpc.location.visible.queryOptions()),
    queryClient.ensureQueryData(trpc.meterbeheer.channels.queryOptions(channelOptionsInput(meterId))),
  ]);
