import { Link, useLocation } from '@tanstack/react-router';
import { BellRing, Inbox, KeyRound, LayoutDashboard, Mail, Palette, FolderCog, SlidersHorizontal, Timer, Workflow, Wrench } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { AlarmFolder } from '@/domain/alarm-folder';
import { FolderIcon } from '~/components/alarms/folder-icon';
import { NavCount, navActiveStyle } from '~/components/alarms/nav-count';
import { SidebarGroup, SidebarGroupLabel, SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '~/components/ui/sidebar';

type AreaPath =
  | '/alarms/$dashboardId'
  | '/alarms/$dashboardId/settings/folders'
  | '/alarms/$dashboardId/settings/theme'
  | '/alarms/$dashboardId/settings/alarms'
  | '/alarms/$dashboardId/settings/maintenance'
  | '/alarms/$dashboardId/settings/integrations'
  | '/alarms/$dashboardId/settings/notifications'
  | '/alarms/$dashboardId/report'
  | '/alarms/$dashboardId/emails/sources'
  | '/alarms/$dashboardId/emails/parsers'
  | '/alarms/$dashboardId/emails/inbox';

interface Item {
  to: AreaPath;
  label: string;
  icon: ComponentType<{ className?: string }>;
  count?: { value: number | undefined; label: string };
}

const settingsItems: Item[] = [
  { to: '/alarms/$dashboardId/settings/folders', label: 'Mappen beheren', icon: FolderCog },
  { to: '/alarms/$dashboardId/settings/theme', label: 'Thema', icon: Palette },
  { to: '/alarms/$dashboardId/settings/alarms', label: 'Alarminstellingen', icon: SlidersHorizontal },
  { to: '/alarms/$dashboardId/settings/maintenance', label: 'Onderhoud', icon: Wrench },
  { to: '/alarms/$dashboardId/settings/integrations', label: 'Koppelingen', icon: KeyRound },
  { to: '/alarms/$dashboardId/settings/notifications', label: 'Meldingen', icon: BellRing },
];
/** The inbox shows how many e-mails wait for the parsers, when any do. */
const emailItems = (pending: number | undefined): Item[] => [
  { to: '/alarms/$dashboardId/emails/sources', label: 'Bronnen', icon: Mail },
  { to: '/alarms/$dashboardId/emails/parsers', label: 'Parsers', icon: Workflow },
  { to: '/alarms/$dashboardId/emails/inbox', label: 'Ontvangen e-mails', icon: Inbox, count: { value: pending || undefined, label: 'wachten op verwerking' } },
];

const countWord = { NONE: '', UNREAD: 'ongelezen', UNASSIGNED: 'niet toegewezen', TOTAL: 'alarmen' } as const;

function NavGroup({ label, items, dashboardId, pathname }: { label: string; items: Item[]; dashboardId: number; pathname: string }) {
  return (
    <SidebarGroup>
      <SidebarGroupLabel>{label}</SidebarGroupLabel>
      <SidebarMenu>
        {items.map((item) => {
          const path = item.to.replace('$dashboardId', String(dashboardId));
          return (
            <SidebarMenuItem key={item.to}>
              <SidebarMenuButton asChild isActive={pathname.replace(/\/$/, '') === path} tooltip={item.label} className={navActiveStyle}>
                <Link to={item.to} params={{ dashboardId }}>
                  <item.icon className="size-4 shrink-0" />
                  <span>{item.label}</span>
                  {item.count ? <NavCount count={item.count.value} label={item.count.label} /> : null}
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          );
        })}
      </SidebarMenu>
    </SidebarGroup>
  );
}

/** The dashboard's sidebar: overview, the folders with their counts, settings (when allowed) and e-mail. */
export function AlarmNav({
  dashboardId,
  folders,
  counts,
  pendingEmails,
  settings,
  views,
}: {
  dashboardId: number;
  folders: AlarmFolder[];
  counts: Map<number, number | null> | undefined;
  pendingEmails: number | undefined;
  settings: boolean;
  /** The search entries and saved views, under the folders. */
  views: ReactNode;
}) {
  const { pathname } = useLocation();
  const base = `/alarms/${dashboardId}`;
  return (
    <>
      <NavGroup
        label="Dashboard"
        items={[
          { to: '/alarms/$dashboardId', label: 'Overzicht', icon: LayoutDashboard },
          { to: '/alarms/$dashboardId/report', label: 'Reactietijden', icon: Timer },
        ]}
        dashboardId={dashboardId}
        pathname={pathname}
      />
      <SidebarGroup>
        <SidebarGroupLabel>Mappen</SidebarGroupLabel>
        <SidebarMenu>
          {folders.map((folder) => (
            <SidebarMenuItem key={folder.id}>
              <SidebarMenuButton
                asChild
                isActive={decodeURIComponent(pathname) === `${base}/folders/${folder.name}`}
                tooltip={folder.label}
                className={navActiveStyle}
              >
                <Link to="/alarms/$dashboardId/folders/$folder" params={{ dashboardId, folder: folder.name }}>
                  <FolderIcon name={folder.icon} />
                  <span>{folder.label}</span>
                  <NavCount count={counts?.get(folder.id)} label={countWord[folder.countMode]} />
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          ))}
        </SidebarMenu>
      </SidebarGroup>
      {views}
      {settings ? <NavGroup label="Instellingen" items={settingsItems} dashboardId={dashboardId} pathname={pathname} /> : null}
      <NavGroup label="E-mail" items={emailItems(pendingEmails)} dashboardId={dashboardId} pathname={pathname} />
    </>
  );
}
