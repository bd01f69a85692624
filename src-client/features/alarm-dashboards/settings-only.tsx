import type { ReactNode } from 'react';
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { User } from '@/domain/user';
import { AlertBanner } from '~/components/ui/alert-banner';
import { canChangeSettings } from '~/lib/alarms/access';

/** Settings pages for those who may change them; others read why not. */
export function SettingsOnly({ user, dashboard, children }: { user: User; dashboard: AlarmDashboard; children: ReactNode }) {
  if (canChangeSettings(user, dashboard)) return children;
  return (
    <AlertBanner variant="warning" title="Geen toegang tot de instellingen" className="max-w-2xl">
      Dit dashboard is niet aanpasbaar: alleen een beheerder kan de instellingen wijzigen.
    </AlertBanner>
  );
}
