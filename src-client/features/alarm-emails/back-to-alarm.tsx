import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useTRPC } from '~/lib/trpc';

export interface AlarmRef {
  dashboardId: number;
  alarmId: number;
}

/** The way back from "Originele e-mail bekijken": the alarm, opened in its folder. */
export function BackToAlarm({ dashboardId, alarmId }: AlarmRef) {
  const trpc = useTRPC();
  const alarm = useQuery(trpc.alarm.get.queryOptions({ alarmId }));
  const folders = useQuery(trpc.alarmFolder.list.queryOptions({ dashboardId }));
  const folder = folders.data?.find((f) => f.id === alarm.data?.folderId);
  if (!folder) return null;
  return (
    <div className="border-b border-border px-6 py-3">
      <Link
        to="/alarms/$dashboardId/folders/$folder"
        params={{ dashboardId, folder: folder.name }}
        search={{ alarm: alarmId }}
        className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Terug naar het alarm
      </Link>
    </div>
  );
}
