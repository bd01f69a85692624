import { Home } from 'lucide-react';
import type { ComponentType } from 'react';
import type { User } from '@/domain/user';

export interface AdminNavItem {
  to: '/admin';
  label: string;
  icon: ComponentType<{ className?: string }>;
  /** Only these roles see the item; all staff when absent. */
  roles?: User['type'][];
}

/** The admin sidebar's entries, in order (SPEC.md §2). */
export const adminNav: AdminNavItem[] = [{ to: '/admin', label: 'Overzicht', icon: Home }];

export const adminNavFor = (user: User) => adminNav.filter((item) => !item.roles || item.roles.includes(user.type));
