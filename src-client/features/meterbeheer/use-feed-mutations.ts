/**
 * Changes to Meterbeheer HUB feeds, each refreshing the feed table, the feed pages and the channel
 * pickers; unlinking also refreshes the meters it unlinks and the dashboards built on them.
 * ('Nu synchroniseren' keeps its own, in sync-button.tsx.)
 */
import { trpc } from '~/lib/trpc';

export function useAddFeed() {
  const utils = trpc.useUtils();
  return trpc.meterbeheer.addFeed.useMutation({ onSuccess: () => utils.meterbeheer.invalidate() });
}

export function useDetachFeed() {
  const utils = trpc.useUtils();
  return trpc.meterbeheer.detachFeed.useMutation({
    onSuccess: () => Promise.all([utils.meterbeheer.invalidate(), utils.meter.invalidate(), utils.dashboard.invalidate()]),
  });
}

export function useDeleteFeed() {
  const utils = trpc.useUtils();
  return trpc.meterbeheer.deleteFeed.useMutation({ onSuccess: () => utils.meterbeheer.invalidate() });
}
