import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BellRing, ChevronRight } from 'lucide-react';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { useTRPC } from '~/lib/trpc';

/** 'Nog 3 ongelezen' and 'Nog 2 niet toegewezen': the unread count is that of the folders counting unread alarms. */
function Figures({ dashboardId }: { dashboardId: number }) {
  const trpc = useTRPC();
  const folders = useQuery(trpc.alarmFolder.list.queryOptions({ dashboardId }));
  const counts = useQuery(trpc.alarmFolder.counts.queryOptions({ dashboardId }));
  const unassigned = useQuery(trpc.alarm.unassignedCount.queryOptions({ dashboardId }));
  if (folders.isError || counts.isError || unassigned.isError)
    return <span className="text-sm text-destructive">De aantallen konden niet worden geladen.</span>;
  if (!folders.data || !counts.data || unassigned.data === undefined) return <span className="text-sm text-muted-foreground">Aantallen laden ...</span>;
  const unreadFolders = new Set(folders.data.filter((f) => f.countMode === 'UNREAD').map((f) => f.id));
  const unread = counts.data.filter((c) => unreadFolders.has(c.folderId)).reduce((sum, c) => sum + (c.count ?? 0), 0);
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <span>
        <strong className="tabular-nums">{unread}</strong> ongelezen
      </span>
      <span>
        <strong className="tabular-nums">{unassigned.data}</strong> niet toegewezen
      </span>
    </span>
  );
}

export function DashboardCard({ dashboard }: { dashboard: AlarmDashboard }) {
  return (
    <Link
      to="/alarms/$dashboardId"
      params={{ dashboardId: dashboard.id }}
      className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-background p-5 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="flex items-center gap-3">
        {dashboard.settings.brandingFile ? (
          <img src={dashboard.settings.brandingFile} alt="" className="size-9 shrink-0 rounded object-contain" />
        ) : (
          <span className="flex size-9 shrink-0 items-center justify-center rounded" style={{ background: dashboard.theme.primary }}>
            <BellRing aria-hidden className="size-5 text-white mix-blend-difference" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{dashboard.name}</span>
          <span className="block truncate text-sm text-muted-foreground">{dashboard.organization.name}</span>
        </span>
        <ChevronRight aria-hidden className="size-5 text-muted-foreground transition group-hover:translate-x-0.5" />
      </span>
      <Figures dashboardId={dashboard.id} />
    </Link>
  );
}
