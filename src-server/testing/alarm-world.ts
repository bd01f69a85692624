/**
 * The tenant world (`world.ts`) with an alarm dashboard per organization, made through the same
 * procedures an admin would call, and a caller per role.
 */
import { createWorld } from './world';

export async function createAlarmWorld(options: Parameters<typeof createWorld>[0] = {}) {
  const w = await createWorld(options);
  const admin = await w.h.caller(w.tokens.admin);
  const dashA = await admin.alarmDashboard.create({ name: 'Storingen Alfa', organizationId: w.orgA });
  const dashB = await admin.alarmDashboard.create({ name: 'Storingen Bravo', organizationId: w.orgB });
  const folders = async (dashboardId: number) =>
    Object.fromEntries((await admin.alarmFolder.list({ dashboardId })).map((f) => [f.name, f.id])) as { inbox: number; done: number; trash: number };
  const callers = {
    admin,
    installerA: await w.h.caller(w.tokens.installerA),
    installerB: await w.h.caller(w.tokens.installerB),
    customerA: await w.h.caller(w.tokens.customerA),
  };
  return { ...w, dashA, dashB, foldersA: await folders(dashA.id), foldersB: await folders(dashB.id), callers };
}
export type AlarmWorld = Awaited<ReturnType<typeof createAlarmWorld>>;

/** The custom folder alarm tests route to: 'Storingen' (flame, counted, relevant) in dashboard A, made by the admin. */
export const addStoringenFolder = (w: AlarmWorld) =>
  w.callers.admin.alarmFolder.create({ dashboardId: w.dashA.id, name: 'storingen', label: 'Storingen', icon: 'flame', countMode: 'TOTAL', relevant: true });

/** A mail source's IMAP settings that are never fetched from (port 9 answers nothing): a source that only gives e-mails a source. */
export const unreachableImap = (name: string) => ({
  type: 'IMAP' as const,
  name,
  imapHost: '127.0.0.1',
  imapPort: 9,
  imapSecure: false,
  imapUsername: 'u',
  imapPassword: 'p',
  imapInputFolder: 'INBOX',
});
