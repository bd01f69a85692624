import { useQuery } from '@tanstack/react-query';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { useTRPC } from '~/lib/trpc';

/** The locations an alarm of this dashboard may name: those of its organization, by name. */
export function useDashboardLocations(dashboard: AlarmDashboard) {
  const trpc = useTRPC();
  const locations = useQuery(
    trpc.location.visible.queryOptions(undefined, {
      select: (all) => all.filter((l) => l.organizationId === dashboard.organization.id).map((l) => ({ id: l.id, name: l.name })),
    }),
  );
  return locations.data ?? [];
}
