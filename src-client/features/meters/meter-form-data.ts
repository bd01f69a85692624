import type { TrpcUtils } from '~/lib/trpc';

/** What the meter form's pickers offer (locations, channels), for the loader of a page with the form. */
export const ensureMeterFormData = (utils: TrpcUtils) => Promise.all([utils.location.visible.ensureData(), utils.meterbeheer.channels.ensureData()]);
