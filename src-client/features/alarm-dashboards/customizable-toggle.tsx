import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import { requestErrorMessage } from '~/lib/request-error';
import { useSetCustomizable } from './use-dashboard-mutations';

/** Admins only: whether the organization's installers may change this dashboard's settings. */
export function CustomizableToggle({ dashboard }: { dashboard: AlarmDashboard }) {
  const save = useSetCustomizable();
  return (
    <div className="grid gap-2">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={dashboard.settings.customizable}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ dashboardId: dashboard.id, customizable: e.target.checked })}
        />
        <span>
          <span className="font-medium">Installateurs mogen de instellingen wijzigen</span>
          <span className="block text-muted-foreground">Mappen, thema, logo, standaardwaarden, bronnen en parsers.</span>
        </span>
      </label>
      {save.error ? <p className="text-sm font-medium text-destructive">{requestErrorMessage(save.error)}</p> : null}
    </div>
  );
}
