import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import { BellRing, Home } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';
import type { User } from '@/domain/user';
import { UserMenu } from '~/components/layout/user-menu';
import { OnCallNow } from './on-call-now';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
} from '~/components/ui/sidebar';
import { canChangeSettings } from '~/lib/alarms/access';
import { themeStyle } from '~/lib/alarms/theme';
import { cn } from '~/lib/cn';
import { useTRPC } from '~/lib/trpc';
import { AlarmNav } from './alarm-nav';
import { usePendingEmails } from './use-pending-emails';
import { DesktopAlertsButton } from './live/desktop-alerts';
import { type LiveStatus, useLiveConsole } from './live/use-live-console';

/**
 * The theme's variables also go on <body> while the area is open, so what opens in a portal
 * (dialogs, the alarm panel, the phone's sidebar sheet) wears the same colours.
 */
function useThemeOnBody(style: Record<string, string>) {
  useLayoutEffect(() => {
    const body = document.body.style;
    for (const [name, value] of Object.entries(style)) body.setProperty(name, value);
    return () => {
      for (const name of Object.keys(style)) body.removeProperty(name);
    };
  }, [style]);
}

const liveTexts: Record<LiveStatus, string> = {
  connecting: 'Verbinden ...',
  live: 'Live',
  offline: 'Verbinding verbroken, opnieuw verbinden ...',
  unavailable: 'Geen live updates',
};

function LiveIndicator({ status }: { status: LiveStatus }) {
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" title={liveTexts[status]}>
      <span
        aria-hidden
        className={cn('size-2.5 rounded-full', status === 'live' ? 'bg-emerald-500' : status === 'offline' ? 'animate-pulse bg-amber-500' : 'bg-slate-300')}
      />
      <span className="sr-only lg:not-sr-only">{liveTexts[status]}</span>
    </span>
  );
}

/**
 * The dashboard layout: themed sidebar with the folders and their counts (and `views`, the search
 * entries under them), header with logo and name, the live console.
 */
export function AlarmLayout({ user, dashboard, folders, views }: { user: User; dashboard: AlarmDashboard; folders: AlarmFolder[]; views: ReactNode }) {
  const trpc = useTRPC();
  const style = useMemo(() => themeStyle(dashboard.theme) as Record<string, string>, [dashboard.theme]);
  useThemeOnBody(style);
  const status = useLiveConsole(dashboard.id, dashboard.name);
  const counts = useQuery(trpc.alarmFolder.counts.queryOptions({ dashboardId: dashboard.id }));
  const pendingEmails = usePendingEmails(dashboard.id);
  const countMap = useMemo(() => (counts.data ? new Map(counts.data.map((c) => [c.folderId, c.count])) : undefined), [counts.data]);
  return (
    <div data-testid="alarm-area" className="h-full" style={style}>
      <SidebarProvider>
        <Sidebar>
          <SidebarHeader className="p-0">
            <Link
              to="/alarms"
              className="flex h-14 items-center gap-2 px-4 font-semibold group-data-[state=collapsed]:justify-center group-data-[state=collapsed]:px-0"
              style={{ background: 'var(--alarm-primary-dark)', color: 'var(--alarm-on-primary-dark)' }}
            >
              <BellRing aria-hidden className="size-5 shrink-0" />
              <span className="truncate group-data-[state=collapsed]:sr-only">Alarmdashboards</span>
            </Link>
          </SidebarHeader>
          <SidebarContent aria-label="Alarmdashboard">
            <AlarmNav
              dashboardId={dashboard.id}
              folders={folders}
              counts={countMap}
              pendingEmails={pendingEmails}
              settings={canChangeSettings(user, dashboard)}
              views={views}
            />
          </SidebarContent>
          <SidebarFooter>
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton asChild tooltip="Startpagina">
                  <Link to="/">
                    <Home className="size-4 shrink-0" />
                    <span>Startpagina</span>
                  </Link>
                </SidebarMenuButton>
              </SidebarMenuItem>
            </SidebarMenu>
          </SidebarFooter>
        </Sidebar>
        <SidebarInset>
          <header className="flex h-14 items-center gap-2 border-b-[3px] px-3" style={{ borderBottomColor: 'var(--alarm-primary)' }}>
            <SidebarTrigger />
            {dashboard.settings.brandingFile ? (
              <img
                src={dashboard.settings.brandingFile}
                alt={`Logo van ${dashboard.name}`}
                data-testid="branding"
                className="h-8 w-auto max-w-28 shrink-0 object-contain"
              />
            ) : null}
            <div className="min-w-0 flex-1 leading-tight">
              <div className="truncate font-semibold">{dashboard.name}</div>
              <div className="hidden truncate text-xs text-muted-foreground sm:block">{dashboard.organization.name}</div>
            </div>
            <OnCallNow dashboardId={dashboard.id} />
            <LiveIndicator status={status} />
            <DesktopAlertsButton />
            <UserMenu user={user} />
          </header>
          <div className="min-w-0 p-4 md:p-6">
            <Outlet />
          </div>
        </SidebarInset>
      </SidebarProvider>
    </div>
  );
}
