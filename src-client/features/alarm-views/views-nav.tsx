import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { Bookmark, Search } from 'lucide-react';
import { NavCount, navActiveStyle } from '~/components/alarms/nav-count';
import { SidebarGroup, SidebarGroupLabel, SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '~/components/ui/sidebar';
import { useTRPC } from '~/lib/trpc';
import { searchOfFilter } from './view-filter';

/** "Alle alarmen" and the caller's saved views with their counts, each opening the dashboard-wide list filtered. */
export function ViewsNav({ dashboardId }: { dashboardId: number }) {
  const trpc = useTRPC();
  const { pathname } = useLocation();
  const views = useQuery(trpc.alarmView.list.queryOptions({ dashboardId }));
  return (
    <SidebarGroup>
      <SidebarGroupLabel>Zoeken en weergaven</SidebarGroupLabel>
      <SidebarMenu>
        <SidebarMenuItem>
          <SidebarMenuButton asChild isActive={pathname === `/alarms/${dashboardId}/search`} tooltip="Alle alarmen" className={navActiveStyle}>
            <Link to="/alarms/$dashboardId/search" params={{ dashboardId }}>
              <Search className="size-4 shrink-0" />
              <span>Alle alarmen</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
        {(views.data ?? []).map((view) => (
          <SidebarMenuItem key={view.id} data-testid="saved-view">
            <SidebarMenuButton asChild tooltip={view.name} className={navActiveStyle}>
              <Link to="/alarms/$dashboardId/search" params={{ dashboardId }} search={searchOfFilter(view.filter)}>
                <Bookmark className="size-4 shrink-0" />
                <span className="truncate">{view.name}</span>
                <NavCount count={view.count} label="alarmen" />
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        ))}
      </SidebarMenu>
    </SidebarGroup>
  );
}
