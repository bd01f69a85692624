import type { TrpcUtils } from '~/lib/trpc';

/** The channel picker's query: the user's channels, and those the meter being edited already uses. */
export const channelOptionsInput = (meterId?: number) => (meterId ? { meterId } : undefined);

/** What the meter form's pickers offer (locations, channels), for the loader of a page with the form. */
export const ensureMeterFormData = (utils: TrpcUtils, meterId?: number) =>
  Promise.all([utils.location.visible.ensureData(), utils.meterbeheer.channels.ensureData(channelOptionsInput(meterId))]);
