/**
 * Where the console's "Oplossen" and "Heropenen" move an alarm: folders stay the workflow,
 * so resolving is a move to the dashboard's resolved folder and reopening a move
 * back to its default folder; the server sets and clears the resolution on the way.
 */
import type { AlarmDashboard } from '@/domain/alarm-dashboard';
import type { AlarmFolder } from '@/domain/alarm-folder';

/** The resolved folder, chosen as the server chooses it: the setting, else the `done` system folder, else the trash. */
export const resolvedFolderOf = (dashboard: AlarmDashboard, folders: AlarmFolder[]) =>
  [folders.find((f) => f.id === dashboard.settings.resolvedFolderId), folders.find((f) => f.system && f.name === 'done'), folders.find((f) => f.trash)].find(
    (f) => f && !f.relevant,
  );

export const reopenFolderOf = (dashboard: AlarmDashboard, folders: AlarmFolder[]) =>
  folders.find((f) => f.id === dashboard.settings.defaultFolderId) ?? folders.find((f) => f.relevant);
