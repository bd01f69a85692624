import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { trpc } from '~/lib/trpc';

/** The locations an alarm of this dashboard may name: those of its organization, by name. */
export function useDashboardLocations(dashboard: AlarmDashboard) {
  const locations = trpc.location.visible.useQuery(undefined, {
    select: (all) => all.filter((l) => l.organizationId === dashboard.organization.id).map((l) => ({ id: l.id, name: l.name })),
  });
  return locations.data ?? [];
}
