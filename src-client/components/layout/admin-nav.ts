import { Building2, Gauge, Home, MapPin, Rss, Server, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import type { User } from '@/domain/user';

export interface AdminNavItem {
  to: '/admin' | '/admin/organizations' | '/admin/locations' | '/admin/users' | '/admin/meters' | '/admin/integrations/meterbeheer/feeds' | '/admin/system';
  label: string;
  icon: ComponentType<{ className?: string }>;
  /** Paths under this prefix mark the item active (list and detail pages); exact match when absent. */
  prefix?: string;
  /** Only these roles see the item; all staff when absent. */
  roles?: User['type'][];
}

/** The admin sidebar's entries, in order. */
const adminNav: AdminNavItem[] = [
  { to: '/admin', label: 'Overzicht', icon: Home },
  { to: '/admin/organizations', label: 'Organisaties', icon: Building2, prefix: '/admin/organization', roles: ['admin'] },
  { to: '/admin/locations', label: 'Locaties', icon: MapPin, prefix: '/admin/location' },
  { to: '/admin/users', label: 'Gebruikers', icon: Users, prefix: '/admin/user' },
  { to: '/admin/meters', label: 'Meters', icon: Gauge, prefix: '/admin/meter' },
  { to: '/admin/integrations/meterbeheer/feeds', label: 'Feeds', icon: Rss, prefix: '/admin/integrations/meterbeheer' },
  { to: '/admin/system', label: 'Systeem', icon: Server, roles: ['admin'] },
];

export const adminNavFor = (user: User) => adminNav.filter((item) => !item.roles || item.roles.includes(user.type));

export const isActive = (item: AdminNavItem, pathname: string) => (item.prefix ? pathname.startsWith(item.prefix) : pathname.replace(/\/$/, '') === item.to);
