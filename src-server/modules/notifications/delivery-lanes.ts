/**
 * How many deliveries may be in flight at once, per channel, and how they are shared between
 * dashboards. A push or an ntfy message is a few milliseconds of work and a wait on the network, so
 * their lanes let a 100-person escalation step leave at once within one dashboard's share (150 of
 * 200); mail (a connection and a dialogue each) and a dashboard's own webhooks are narrower. One
 * dashboard may hold at most three quarters of a lane: another dashboard's alarm always finds a free
 * slot, even while a burst or a slow receiver fills the rest.
 *
 * Telegram also has a rate: the Bot API takes about 30 messages a second from one bot and answers
 * more with 429 and a wait. At most 30 sends count in any 1.1 s (a sliding window; the tenth is room
 * for jitter), so a step's first 30 messages leave at once and the rest as the window frees up,
 * instead of earning waits.
 * The window outlives a run of the notify job (a new run must not start afresh); each instance
 * keeps its own.
 */
import type { NotificationChannel } from '@/domain/notification';

export const LANE_CAPS: Record<NotificationChannel, number> = {
  WEB_PUSH: 200,
  NTFY: 200,
  // Its rate holds it to 30 a second; in flight one dashboard may have all 30 of them.
  TELEGRAM: 40,
  EMAIL: 10,
  WEBHOOK: 16,
  TEAMS: 8,
  SLACK: 8,
};
const DASHBOARD_SHARE = 0.75;

const LANE_RATES: Partial<Record<NotificationChannel, number>> = { TELEGRAM: 30 };
const WINDOW_MS = 1100;

/**
 * Per rate-limited channel, its sends of the last window: one in flight counts until its answer came
 * and then for the window after it, so a send leaves at least a window after the answer it replaces:
 * it cannot reach the receiver within the same window, however long the earlier ones took on the way.
 */
export function createRateLimits(perSecond: Partial<Record<string, number>> = LANE_RATES, now: () => number = () => performance.now()) {
  const windows = new Map(Object.keys(perSecond).map((channel) => [channel, [] as number[]]));
  const recent = (channel: string) => {
    const sends = windows.get(channel);
    if (!sends) return undefined;
    const from = now() - WINDOW_MS;
    const kept = sends.filter((at) => at > from);
    sends.splice(0, sends.length, ...kept);
    return sends;
  };
  return {
    /** Sends the channel may start now (Infinity without a rate). */
    available: (channel: string) => {
      const sends = recent(channel);
      return sends ? Math.max(0, perSecond[channel]! - sends.length) : Infinity;
    },
    /** A send starts: it counts as in flight. */
    take: (channel: string) => recent(channel)?.push(Infinity),
    /** A send ended (`sent`), or did not happen after all. */
    end: (channel: string, sent: boolean) => {
      const sends = recent(channel);
      const i = sends?.indexOf(Infinity) ?? -1;
      if (i < 0) return;
      if (sent) sends![i] = now();
      else sends!.splice(i, 1);
    },
    /** Milliseconds until a full channel may send again (at most `max`, also while its sends are in flight); 0 when none is full. */
    nextSendMs: (max: number) => {
      let wait = 0;
      for (const channel of windows.keys()) {
        const sends = recent(channel)!
          .slice()
          .sort((x, y) => x - y);
        const over = sends.length - perSecond[channel]!;
        if (over >= 0) wait = Math.max(wait, Math.min(max, sends[over]! + WINDOW_MS - now()));
      }
      return Math.ceil(wait);
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

interface Slotted {
  dashboardId: number;
  channel: string;
}

export function createLanes(rates: RateLimits = createRateLimits(), caps: Record<string, number> = LANE_CAPS) {
  const perChannel = new Map<string, number>();
  const perDashboard = new Map<string, number>();
  const key = (r: Slotted) => `${r.dashboardId}:${r.channel}`;
  const capOf = (channel: string) => caps[channel] ?? 1;
  const dashboardCap = (channel: string) => Math.max(1, Math.floor(capOf(channel) * DASHBOARD_SHARE));
  const slots = (channel: string) => capOf(channel) - (perChannel.get(channel) ?? 0);
  const free = (channel: string) => Math.min(slots(channel), rates.available(channel));
  const fits = (r: Slotted) => free(r.channel) > 0 && (perDashboard.get(key(r)) ?? 0) < dashboardCap(r.channel);
  return {
    /** The channels with a free slot (a rate-limited one too while it waits: its due rows show it is held back). */
    open: () => Object.keys(caps).filter((c) => slots(c) > 0),
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
        rates.take(r.channel);
        taken.push(r);
      }
      return taken;
    },
    /** A delivery ended (or, `sent` false, was not claimed after all): its slot is free again. */
    release(r: Slotted, sent = true) {
      rates.end(r.channel, sent);
      perChannel.set(r.channel, (perChannel.get(r.channel) ?? 1) - 1);
      const k = key(r);
      const left = (perDashboard.get(k) ?? 1) - 1;
      if (left > 0) perDashboard.set(k, left);
      else perDashboard.delete(k);
    },
  };
}
