import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { User } from '@/domain/user';

/** Settings, theme, branding and folders: admins always, installers while the dashboard is customizable. */
export const canChangeSettings = (user: User, dashboard: AlarmDashboard) =>
  user.type === 'admin' || (user.type === 'installer' && dashboard.settings.customizable);
