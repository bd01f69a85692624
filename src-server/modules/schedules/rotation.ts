/**
 * The rotation engine: pure functions from a schedule's layers and overrides to who is on call.
 * Instants are UTC milliseconds; every wall time (a layer's start and handoffs, a restriction's
 * window) is read in Europe/Amsterdam through `@date-fns/tz`, so a shift over a DST change lasts
 * 23 or 25 hours and a handoff stays at its local time.
 *
 * - A layer hands off every `count` days or weeks at the local time of its `start`, to the next
 *   user in turn; before its start the layer has nobody.
 * - Restrictions keep a layer to windows: on each listed ISO weekday from `from` to `to` local
 *   time; a window whose `to` is not after its `from` ends the next day (`from` = `to`: 24 hours).
 *   The rotation runs on underneath; a window only masks it.
 * - A later layer wins over an earlier one where it has someone; where no layer has anyone,
 *   nobody is on call. An override replaces the layers in its span; of overlapping overrides the
 *   later one in the list (the one made last) wins.
 */
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@/lib/amsterdam';

export interface OnCallUser {
  id: number;
  name: string;
}
interface RotationRestriction {
  days: number[];
  from: string;
  to: string;
}
export interface RotationLayer {
  name: string;
  users: OnCallUser[];
  /** Local 'YYYY-MM-DDTHH:mm'. */
  start: string;
  shift: { unit: 'DAY' | 'WEEK'; count: number };
  restrictions?: RotationRestriction[] | null;
}
export interface RotationOverride {
  user: OnCallUser;
  from: number;
  to: number;
}
/** A stretch of the final rota: `source` is the layer's index, or -1 for an override. */
export interface RotaShift {
  user: OnCallUser;
  start: number;
  end: number;
  source: number;
}

const DAY_MS = 86_400_000;
export const YEAR_MS = 366 * DAY_MS;

/**
 * The instant of a local wall time; the day may overflow the month (as with `Date`). Cached by
 * wall time: the same handoffs and windows are asked for again and again.
 */
const wallCache = new Map<number, number>();
export function wallToUtc(year: number, month: number, day: number, hour: number, minute: number): number {
  const key = Date.UTC(year, month, day, hour, minute);
  let utc = wallCache.get(key);
  if (utc === undefined) {
    if (wallCache.size > 200_000) wallCache.clear();
    utc = new TZDate(year, month, day, hour, minute, TIME_ZONE).getTime();
    wallCache.set(key, utc);
  }
  return utc;
}

/** The local calendar date of an instant as [year, month (0-based), day]. */
function localDay(ms: number): [number, number, number] {
  const local = new TZDate(ms, TIME_ZONE);
  return [local.getFullYear(), local.getMonth(), local.getDate()];
}

const parseTime = (hhmm: string) => [Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5))] as const;

/** 'YYYY-MM-DDTHH:mm' local → its instant; null when the clock skips it (the spring change). */
export function localToInstant(local: string): number | null {
  const [y, mo, d, h, mi] = [local.slice(0, 4), local.slice(5, 7), local.slice(8, 10), local.slice(11, 13), local.slice(14, 16)].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = new TZDate(y, mo - 1, d, h, mi, TIME_ZONE).getTime();
  return instantToLocal(ms) === local ? ms : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as local 'YYYY-MM-DDTHH:mm'. */
export function instantToLocal(ms: number): string {
  const t = new TZDate(ms, TIME_ZONE);
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

interface Span {
  start: number;
  end: number;
}
interface Turn extends Span {
  user: OnCallUser;
}

/** The layer's turns overlapping [from, to), clipped to it; consecutive turns of one user joined. */
function rotationTurns(layer: RotationLayer, from: number, to: number): Turn[] {
  const n = layer.users.length;
  if (n === 0) return [];
  const [y, mo, d, h, mi] = [
    layer.start.slice(0, 4),
    layer.start.slice(5, 7),
    layer.start.slice(8, 10),
    layer.start.slice(11, 13),
    layer.start.slice(14, 16),
  ].map(Number) as [number, number, number, number, number];
  const days = layer.shift.count * (layer.shift.unit === 'WEEK' ? 7 : 1);
  const handoff = (k: number) => wallToUtc(y, mo - 1, d + k * days, h, mi);
  const first = handoff(0);
  if (to <= first) return [];
  const begin = Math.max(from, first);
  let k = Math.floor((begin - first) / (days * DAY_MS));
  while (k > 0 && handoff(k) > begin) k--;
  while (handoff(k + 1) <= begin) k++;
  const turns: Turn[] = [];
  for (let at = handoff(k); at < to; k++) {
    const next = handoff(k + 1);
    const user = layer.users[k % n]!;
    const last = turns.at(-1);
    if (last && last.user.id === user.id) last.end = Math.min(next, to);
    else turns.push({ user, start: Math.max(at, from), end: Math.min(next, to) });
    at = next;
  }
  return turns;
}

/** The union of a layer's restriction windows overlapping [from, to), clipped, in order. */
function restrictionWindows(restrictions: RotationRestriction[], from: number, to: number): Span[] {
  const windows: Span[] = [];
  const [y, mo, d] = localDay(from);
  // A window that began the day before may still be open at `from`.
  for (let i = -1; ; i++) {
    const dayStart = wallToUtc(y, mo, d + i, 0, 0);
    if (dayStart >= to) break;
    const weekday = new Date(Date.UTC(y, mo, d + i)).getUTCDay() || 7;
    for (const r of restrictions) {
      if (!r.days.includes(weekday)) continue;
      const [fh, fm] = parseTime(r.from);
      const [th, tm] = parseTime(r.to);
      const start = wallToUtc(y, mo, d + i, fh, fm);
      const end = wallToUtc(y, mo, d + i + (r.to <= r.from ? 1 : 0), th, tm);
      if (end > from && start < to) windows.push({ start: Math.max(start, from), end: Math.min(end, to) });
    }
  }
  windows.sort((a, b) => a.start - b.start);
  const union: Span[] = [];
  for (const w of windows) {
    const last = union.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else union.push(w);
  }
  return union;
}

/** Turns masked by windows (both sorted and each free of overlaps). */
function masked(turns: Turn[], windows: Span[]): Turn[] {
  const out: Turn[] = [];
  let w = 0;
  for (const turn of turns) {
    while (w < windows.length && windows[w]!.end <= turn.start) w++;
    for (let i = w; i < windows.length && windows[i]!.start < turn.end; i++) {
      const start = Math.max(turn.start, windows[i]!.start);
      const end = Math.min(turn.end, windows[i]!.end);
      if (start < end) out.push({ user: turn.user, start, end });
    }
  }
  return out;
}

/** Who a layer has on call over [from, to): its turns, within its restrictions when it has any. */
export function layerTurns(layer: RotationLayer, from: number, to: number): Turn[] {
  const turns = rotationTurns(layer, from, to);
  if (!layer.restrictions?.length || turns.length === 0) return turns;
  return masked(turns, restrictionWindows(layer.restrictions, turns[0]!.start, turns.at(-1)!.end));
}

/**
 * The final rota over [from, to): each moment goes to the newest override covering it, else the
 * latest layer with someone, else nobody (no shift). Adjacent stretches of one user are joined:
 * per source (layer or override) when `bySource`, else whatever the source.
 */
export function rota(layers: RotationLayer[], overrides: RotationOverride[], from: number, to: number, bySource = true): RotaShift[] {
  const sources: { turns: Turn[]; index: number }[] = layers.map((layer, index) => ({ turns: layerTurns(layer, from, to), index }));
  const live = overrides
    .map((o, order) => ({ ...o, order, start: Math.max(o.from, from), end: Math.min(o.to, to) }))
    .filter((o) => o.start < o.end)
    .sort((a, b) => a.start - b.start || a.order - b.order);
  const points = new Set<number>();
  for (const s of sources) for (const t of s.turns) points.add(t.start).add(t.end);
  for (const o of live) points.add(o.start).add(o.end);
  const sorted = [...points].sort((a, b) => a - b);
  const cursor = sources.map(() => 0);
  const active: typeof live = [];
  let nextOverride = 0;
  const out: RotaShift[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const start = sorted[i]!;
    const end = sorted[i + 1]!;
    while (nextOverride < live.length && live[nextOverride]!.start <= start) active.push(live[nextOverride++]!);
    for (let j = active.length - 1; j >= 0; j--) if (active[j]!.end <= start) active.splice(j, 1);
    let user: OnCallUser | undefined;
    let source = -1;
    if (active.length > 0) user = active.reduce((a, b) => (b.order > a.order ? b : a)).user;
    else {
      for (let s = sources.length - 1; s >= 0 && !user; s--) {
        const turns = sources[s]!.turns;
        while (cursor[s]! < turns.length && turns[cursor[s]!]!.end <= start) cursor[s]!++;
        const turn = turns[cursor[s]!];
        if (turn && turn.start <= start) {
          user = turn.user;
          source = s;
        }
      }
    }
    if (!user) continue;
    const last = out.at(-1);
    if (last && last.end === start && last.user.id === user.id && (!bySource || last.source === source)) last.end = end;
    else out.push({ user, start, end, source });
  }
  return out;
}

/**
 * Who is on call at `at`, and until when nothing changes (the next moment someone else, or
 * nobody, or somebody after nobody, is on call); null when nothing changes within a year.
 */
export function onCallAt(layers: RotationLayer[], overrides: RotationOverride[], at: number): { users: OnCallUser[]; until: number | null } {
  for (const horizon of [8 * DAY_MS, YEAR_MS]) {
    const [first] = rota(layers, overrides, at, at + horizon, false);
    const users = first && first.start === at ? [first.user] : [];
    const change = users.length > 0 ? first!.end : first?.start;
    if (change !== undefined && change < at + horizon) return { users, until: change };
    if (horizon === YEAR_MS) return { users, until: null };
  }
  return { users: [], until: null };
}
