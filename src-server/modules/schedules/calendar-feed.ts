/**
 * The personal calendar feed: `GET /api/v1/calendar/<token>.ics`, public by its secret token (no
 * session: calendar apps cannot sign in), one VEVENT per shift of the token's owner across all
 * their schedules, from a week back to eight weeks ahead, made with ical-generator (RFC 5545).
 *
 * The token is 256 random bits (base64url). Like other secrets it is looked up by its SHA-256; it
 * is also kept sealed with SECRET_KEY so its owner can read the address again on their profile,
 * which a hash alone would not allow. A reset replaces both at once: the old address answers 404
 * from that moment. Times are written in UTC (`…Z`), which every calendar app shows in its own zone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import icalGenerator, { ICalCalendarMethod, ICalEvent, foldLines } from 'ical-generator';
import { CALENDAR_WEEKS } from '@/domain/schedule';
import type { User } from '@/domain/user';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { SecretBox } from '../../platform/secrets';
import { loadUser } from '../users/users.queries';
import { feedByHash, feedOfUser, insertFeed, replaceFeed } from './schedules.queries';
import { shiftsOfUser } from './schedules.service';

export interface FeedDeps {
  db: DB;
  clock: Clock;
  secrets: SecretBox;
  /** PUBLIC_URL: where the feed and the console are reached. */
  publicUrl: string;
}

const DAY_MS = 86_400_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const feedUrl = (deps: FeedDeps, token: string) => `${deps.publicUrl}/api/v1/calendar/${token}.ics`;

function newFeed(deps: FeedDeps, userId: number) {
  const token = randomBytes(32).toString('base64url');
  return { token, row: { userId, tokenHash: hashToken(token), tokenSealed: deps.secrets.seal(token), createdAt: epochSeconds(deps.clock) } };
}

/** The user's feed address, made on first use. */
export async function calendarUrl(deps: FeedDeps, userId: number) {
  const existing = await feedOfUser(deps.db, userId);
  if (existing) {
    const token = openToken(deps, existing.tokenSealed);
    // Sealed under another SECRET_KEY: the address cannot be shown again, so it is replaced.
    return token ? { url: feedUrl(deps, token) } : resetCalendarUrl(deps, userId);
  }
  await insertFeed(deps.db, newFeed(deps, userId).row);
  // Two first requests at once keep whichever feed was stored first.
  const stored = (await feedOfUser(deps.db, userId))!;
  return { url: feedUrl(deps, deps.secrets.open<string>(stored.tokenSealed)) };
}

function openToken(deps: FeedDeps, sealed: string): string | null {
  try {
    return deps.secrets.open<string>(sealed);
  } catch {
    return null;
  }
}

/** A new address; the old one stops working at once. */
export async function resetCalendarUrl(deps: FeedDeps, userId: number) {
  const { token, row } = newFeed(deps, userId);
  await replaceFeed(deps.db, row);
  return { url: feedUrl(deps, token) };
}

/** The user's shifts from a week ago to `weeks` ahead as an iCalendar text. */
export async function calendarText(deps: FeedDeps, user: User, weeks = CALENDAR_WEEKS) {
  const now = deps.clock().getTime();
  const from = now - 7 * DAY_MS;
  const to = now + weeks * 7 * DAY_MS;
  const shifts = await shiftsOfUser(deps, { user }, from, to);
  const calendar = icalGenerator({
    name: 'Piketdienst',
    description: `Piketdiensten van ${user.fullName ?? user.email}`,
    prodId: { company: 'Energiebeheer', product: 'Piketdienst', language: 'NL' },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps that honour it look again every hour.
    ttl: 3600,
  });
  const stamp = new Date(now);
  const events = shifts.map((shift) =>
    new ICalEvent(
      {
        // Stable per shift, so a calendar app updates the event rather than adding a second one.
        id: `schedule-${shift.schedule.id}-${shift.start}@energiebeheer`,
        start: new Date(shift.start),
        end: new Date(shift.end),
        stamp,
        summary: `Piketdienst ${shift.schedule.name}`,
        description: shift.layer === null ? 'Vervanging' : `Laag: ${shift.layer}`,
        url: `${deps.publicUrl}/app/schedules/${shift.schedule.id}`,
      },
      calendar,
    ).toString(),
  );
  // The library folds a whole calendar character by character (a TextEncoder each: a second for a
  // year of shifts); its own foldLines on only the lines longer than 75 octets gives the same text.
  return calendar.toString().replace(/END:VCALENDAR$/, () => events.map(foldLongLines).join('') + 'END:VCALENDAR');
}

const foldLongLines = (text: string) =>
  text
    .split('\r\n')
    .map((line) => (Buffer.byteLength(line) > 75 ? foldLines(line) : line))
    .join('\r\n');

/** The feed's path in the OpenAPI document; `file` is `<token>.ics`. */
export const CALENDAR_FEED_PATH = '/api/v1/calendar/{file}';

/** The feed as an OpenAPI operation, so the document lists every route under /api. */
export const calendarFeedOperation = {
  operationId: 'schedule.calendarFeed',
  tags: ['schedule'],
  summary: 'Your shifts as an iCalendar feed (RFC 5545), public by the secret token of GET /api/v1/users/me/calendar-url',
  security: [],
  parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}\\.ics$' } }],
  responses: {
    200: {
      description: 'OK',
      content: { 'text/calendar': { schema: { type: 'string', description: 'One VEVENT per shift, a week back to eight weeks ahead, in UTC' } } },
    },
    404: { $ref: '#/components/responses/NotFound' },
  },
};

/** `GET /api/v1/calendar/<token>.ics`: mounted in app.ts before the REST adapter. */
export function calendarFeedApp(deps: FeedDeps) {
  return new Hono().get('/api/v1/calendar/:file', async (c) => {
    const token = c.req.param('file').replace(/\.ics$/, '');
    const feed = TOKEN.test(token) && c.req.param('file').endsWith('.ics') ? await feedByHash(deps.db, hashToken(token)) : undefined;
    const user = feed && (await loadUser(deps.db, feed.userId));
    if (!user) return c.json({ error: { code: 'NOT_FOUND', message: 'Deze agenda bestaat niet (meer). Haal het nieuwe adres op je profiel.' } }, 404);
    return c.body(await calendarText(deps, user), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="piketdienst.ics"',
    });
  });
}
