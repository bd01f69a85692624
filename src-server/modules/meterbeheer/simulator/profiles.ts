/**
 * Deterministic meter values for the HUB simulator. The shape follows the local (Europe/Amsterdam)
 * hour, weekday and day of year; a ±10% jitter comes from a hash of (seed, instant). Pure
 * functions: the same inputs always give the same output, no Math.random.
 */
import { tzOffset } from '@date-fns/tz';

export const SIM_TIME_ZONE = 'Europe/Amsterdam';

export type ProfileKind = 'import' | 'export' | 'solar' | 'gas';

const HOUR_MS = 3_600_000;
const offsetCache = new Map<number, number>();

/**
 * UTC offset of Amsterdam in minutes at `utcMs` (60 or 120). Amsterdam only changes offset on
 * whole UTC hours, so the value is cached per UTC hour.
 */
export function amsterdamOffsetMinutes(utcMs: number): number {
  const hour = Math.floor(utcMs / HOUR_MS);
  let offset = offsetCache.get(hour);
  if (offset === undefined) {
    if (offsetCache.size > 200_000) offsetCache.clear();
    offset = tzOffset(SIM_TIME_ZONE, new Date(hour * HOUR_MS));
    offsetCache.set(hour, offset);
  }
  return offset;
}

/** ISO-8601 with the Amsterdam offset, e.g. '2024-03-31T03:00:00+02:00'. */
export function formatAmsterdam(utcMs: number): string {
  const offset = amsterdamOffsetMinutes(utcMs);
  const wall = new Date(utcMs + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** FNV-1a hash of a string: the seed of a channel, derived from its token. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** One mulberry32 step over an integer mix of (seed, minute): a number in [0, 1). */
function noise(seed: number, startUtcMs: number): number {
  const minute = Math.floor(startUtcMs / 60_000);
  let t = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(minute | 0, 0xc2b2ae35) ^ Math.floor(minute / 2 ** 32)) >>> 0;
  t = (t + 0x6d2b79f5) >>> 0;
  let r = Math.imul(t ^ (t >>> 15), t | 1);
  r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
  return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
}

const bump = (x: number, centre: number, width: number) => Math.exp(-(((x - centre) / width) ** 2));

interface LocalTime {
  /** Local hour of the interval's midpoint, fractional (e.g. 13.125). */
  hour: number;
  weekend: boolean;
  dayOfYear: number;
  /** Summer time (UTC+2) in effect. */
  dst: boolean;
}

function localTime(startUtcMs: number, minutes: number): LocalTime {
  const mid = startUtcMs + (minutes * 60_000) / 2;
  const offset = amsterdamOffsetMinutes(mid);
  // Wall-clock time as a UTC date, so the getUTC* methods read local fields.
  const wall = new Date(mid + offset * 60_000);
  const day = wall.getUTCDay();
  return {
    hour: wall.getUTCHours() + wall.getUTCMinutes() / 60 + wall.getUTCSeconds() / 3600,
    weekend: day === 0 || day === 6,
    dayOfYear: (Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()) - Date.UTC(wall.getUTCFullYear(), 0, 1)) / 86_400_000,
    dst: offset > 60,
  };
}

/** Solar output relative to the peak (0..1): a bell around local solar noon between sunrise and sunset. */
function sun({ hour, dayOfYear, dst }: LocalTime): number {
  const season = Math.cos((2 * Math.PI * (dayOfYear - 172)) / 365); // +1 at the June solstice, -1 in December
  const dayLength = 12.3 + 4.3 * season; // about 16.6 h in June, 8 h in December
  const solarNoon = 12.67 + (dst ? 1 : 0);
  const x = (hour - solarNoon) / dayLength;
  if (Math.abs(x) >= 0.5) return 0;
  return Math.cos(Math.PI * x) ** 2 * (0.2 + 0.8 * (season + 1) / 2);
}

/**
 * Energy in the interval starting at `startUtcMs` lasting `minutes`: kWh for electricity, m3 for
 * gas. Rounded to 3 decimals, never negative.
 */
export function intervalValue(kind: ProfileKind, seed: number, startUtcMs: number, minutes: 15 | 60): number {
  const local = localTime(startUtcMs, minutes);
  const { hour, weekend, dayOfYear } = local;
  const winter = (Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365) + 1) / 2; // 1 mid-January, 0 mid-July
  const hours = minutes / 60;
  let perHour: number; // average power (kW) or gas flow (m3/h)
  switch (kind) {
    case 'import': {
      const curve = 0.6 + 2 * bump(hour, 7.5, 1.5) + 3.6 * bump(hour, 19, 2.2) + (weekend ? 0.8 : 1.5) * bump(hour, 13, 3.5);
      perHour = curve * (weekend ? 0.8 : 1) * (0.9 + 0.2 * winter);
      break;
    }
    case 'solar':
      perHour = 6 * sun(local);
      break;
    case 'export':
      // What the panels produce beyond the building's own use.
      perHour = Math.max(0, 5 * sun(local) - 0.4);
      break;
    case 'gas': {
      const cold = (Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365) + 1) / 2; // 1 in the coldest weeks
      const heating = cold ** 1.5 * (0.8 + 1.5 * bump(hour, 6.5, 1.5) + 0.5 * bump(hour, 18.5, 2.5)) * (hour < 5 ? 0.6 : 1);
      perHour = 0.04 + 0.03 * bump(hour, 7, 1) + heating;
      break;
    }
  }
  const jitter = 0.9 + 0.2 * noise(seed, startUtcMs);
  const value = perHour * hours * jitter;
  return value < 0.0005 ? 0 : Math.round(value * 1000) / 1000;
}
