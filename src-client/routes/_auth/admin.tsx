import { Link, Outlet, createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { Zap } from 'lucide-react';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
} from '~/components/ui/sidebar';
import { adminNavFor, isActive } from '~/components/layout/admin-nav';
import { ToDashboardButton } from '~/components/layout/to-dashboard-button';
import { UserMenu } from '~/components/layout/user-menu';

/** The admin layout: sidebar, top bar, page. Customers have no admin area. */
export const Route = createFileRoute('/_auth/admin')({
  beforeLoad: ({ context }) => {
    if (context.user.type === 'customer') throw redirect({ to: '/dashboard' });
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { user } = Route.useRouteContext();
  const { pathname } = useLocation();
  return (
    <SidebarProvider>
      <Sidebar>
        <SidebarHeader>
          <Link to="/" className="flex items-center gap-2 px-2 py-1.5 font-semibold">
            <Zap aria-hidden className="size-5 shrink-0 text-primary" />
            <span className="truncate group-data-[state=collapsed]:hidden">Energiebeheer</span>
          </Link>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Beheer</SidebarGroupLabel>
            <SidebarMenu>
              {adminNavFor(user).map((item) => (
                <SidebarMenuItem key={item.to}>
                  <SidebarMenuButton asChild isActive={isActive(item, pathname)} tooltip={item.label}>
                    <Link to={item.to}>
                      <item.icon className="size-4 shrink-0" />
                      <span>{item.label}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter />
      </Sidebar>
      <SidebarInset>
        <header className="flex h-14 items-center gap-2 border-b border-border px-3">
          <SidebarTrigger />
          <div className="flex-1" />
          <ToDashboardButton />
          <UserMenu user={user} />
        </header>
        <div className="p-4 md:p-6">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
