/**
 * Deterministic meter values for the HUB simulator: a daily and weekly shape in local time,
 * seasonal level, and a ±10% jitter from a hash of (seed, instant). Same inputs, same output.
 */
import { amsterdamOffsetMinutes } from '@/lib/amsterdam';

export type ProfileKind = 'import' | 'export' | 'gas';

function hash(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

const bump = (x: number, centre: number, width: number) => Math.exp(-(((x - centre) / width) ** 2));

/** Energy in the interval starting at `startMs` lasting `minutes`: kWh for electricity, m3 for gas. */
export function intervalValue(kind: ProfileKind, seed: number, startMs: number, minutes: 15 | 60): number {
  // Wall time as a UTC date, so getUTC* read local fields.
  const local = new Date(startMs + amsterdamOffsetMinutes(startMs) * 60_000);
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60 + minutes / 120;
  const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
  const dayOfYear = (local.getTime() - Date.UTC(local.getUTCFullYear(), 0, 1)) / 86_400_000;
  const winter = (Math.cos(((dayOfYear - 15) / 365) * 2 * Math.PI) + 1) / 2; // 1 mid-January, 0 mid-July
  const jitter = 0.9 + 0.2 * hash(seed, Math.floor(startMs / 60000));
  const perHour = minutes / 60;
  let rate: number; // per hour
  switch (kind) {
    case 'import':
      rate =
        (0.6 + 1.6 * bump(hour, 8, 1.5) + 2.4 * bump(hour, 19, 2.5) + (weekend ? 0 : 1.8 * bump(hour, 13, 4))) * (weekend ? 0.75 : 1) * (0.85 + 0.3 * winter);
      break;
    case 'export':
      rate = hour < 5 || hour > 22 ? 0 : 5 * bump(hour, 13.5, 3 + 1.5 * (1 - winter)) * (0.25 + 0.75 * (1 - winter));
      break;
    case 'gas':
      rate = (0.15 + 2.6 * winter * (0.5 + bump(hour, 7, 2) + 0.6 * bump(hour, 19, 3))) * (hour < 5 ? 0.4 : 1);
      break;
  }
  const value = rate * perHour * jitter;
  return value < 0.0005 ? 0 : Math.round(value * 1000) / 1000;
}
