/**
 * How many deliveries may be in flight at once, per channel, and how they are shared between
 * dashboards. A push is a few milliseconds of work and a wait on the network, so its lane lets a
 * 100-person escalation step leave at once within one dashboard's share (150 of 200); ntfy and
 * Telegram are narrower, as their servers limit how fast one sender may post; mail (a connection
 * and a dialogue each) and a dashboard's own webhooks are narrower still. One dashboard may hold at
 * most three quarters of a lane: another dashboard's alarm always finds a free slot, even while a
 * burst or a slow receiver fills the rest.
 */
import type { NotificationChannel } from '@/domain/notification';

export const LANE_CAPS: Record<NotificationChannel, number> = {
  WEB_PUSH: 200,
  NTFY: 50,
  // The Bot API takes about 30 messages a second from one bot; more only earns 429s.
  TELEGRAM: 30,
  EMAIL: 10,
  WEBHOOK: 16,
  TEAMS: 8,
  SLACK: 8,
};
const DASHBOARD_SHARE = 0.75;

interface Slotted {
  dashboardId: number;
  channel: string;
}

export function createLanes(caps: Record<string, number> = LANE_CAPS) {
  const perChannel = new Map<string, number>();
  const perDashboard = new Map<string, number>();
  const key = (r: Slotted) => `${r.dashboardId}:${r.channel}`;
  const capOf = (channel: string) => caps[channel] ?? 1;
  const dashboardCap = (channel: string) => Math.max(1, Math.floor(capOf(channel) * DASHBOARD_SHARE));
  const free = (channel: string) => capOf(channel) - (perChannel.get(channel) ?? 0);
  const fits = (r: Slotted) => free(r.channel) > 0 && (perDashboard.get(key(r)) ?? 0) < dashboardCap(r.channel);
  return {
    /** The channels with a free slot. */
    open: () => Object.keys(caps).filter((c) => free(c) > 0),
    /** The most rows of one dashboard and channel that could be taken now. */
    perGroup: () => Math.max(0, ...Object.keys(caps).map((c) => Math.min(free(c), dashboardCap(c)))),
    /** Free slots over every lane. */
    room: () => Object.keys(caps).reduce((sum, c) => sum + Math.max(0, free(c)), 0),
    /** Of `candidates` (in turn order), those that fit now; their slots are taken. */
    take<R extends Slotted>(candidates: R[]): R[] {
      const taken: R[] = [];
      for (const r of candidates) {
        if (!fits(r)) continue;
        perChannel.set(r.channel, (perChannel.get(r.channel) ?? 0) + 1);
        perDashboard.set(key(r), (perDashboard.get(key(r)) ?? 0) + 1);
        taken.push(r);
      }
      return taken;
    },
    /** A delivery ended (or was not claimed after all): its slot is free again. */
    release(r: Slotted) {
      perChannel.set(r.channel, (perChannel.get(r.channel) ?? 1) - 1);
      const k = key(r);
      const left = (perDashboard.get(k) ?? 1) - 1;
      if (left > 0) perDashboard.set(k, left);
      else perDashboard.delete(k);
    },
  };
}
