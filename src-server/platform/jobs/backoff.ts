/**
 * How long a failed job waits before its next attempt: exponential from a base, capped, and a
 * server's Retry-After wins when it gave one.
 */
export interface BackoffOptions {
  baseSeconds?: number;
  maxSeconds?: number;
  retryAfterSeconds?: number | null;
}

/** Seconds to wait after `failures` consecutive failures (1 = the first failure). */
export function backoffSeconds(failures: number, { baseSeconds = 60, maxSeconds = 6 * 3600, retryAfterSeconds }: BackoffOptions = {}): number {
  if (retryAfterSeconds != null && Number.isFinite(retryAfterSeconds)) {
    return Math.min(maxSeconds, Math.max(1, Math.ceil(retryAfterSeconds)));
  }
  const exponent = Math.max(0, Math.floor(failures) - 1);
  // Capping the exponent keeps 2 ** exponent finite for absurd failure counts.
  return Math.min(maxSeconds, baseSeconds * 2 ** Math.min(exponent, 40));
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY = '(?:mon|tue|wed|thu|fri|sat|sun)';
const LONG_DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
// The three HTTP-date forms of RFC 9110 §5.6.7: IMF-fixdate, RFC 850 and asctime.
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`, 'i');
const RFC_850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`, 'i');
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`, 'i');

/**
 * The wait a `Retry-After` header asks for, in whole seconds from `now` (0 for a date in the
 * past); null when the header is absent or not one of the forms HTTP allows.
 */
export function retryAfterSeconds(header: string | null, now: Date): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = parseHttpDate(value, now);
  if (date === null) return null;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

function parseHttpDate(value: string, now: Date): number | null {
  let m = IMF_FIXDATE.exec(value);
  if (m) return utc(Number(m[3]), m[2]!, Number(m[1]), m.slice(4, 7));
  m = RFC_850.exec(value);
  if (m) {
    // A two-digit year more than 50 years in the future means the century before (RFC 9110).
    let year = Math.floor(now.getUTCFullYear() / 100) * 100 + Number(m[3]);
    if (year > now.getUTCFullYear() + 50) year -= 100;
    return utc(year, m[2]!, Number(m[1]), m.slice(4, 7));
  }
  m = ASCTIME.exec(value);
  if (m) return utc(Number(m[6]), m[1]!, Number(m[2]!.trim()), m.slice(3, 6));
  return null;
}

function utc(year: number, monthName: string, day: number, [h, min, s]: string[]): number | null {
  const month = MONTHS.indexOf(monthName.toLowerCase());
  const hours = Number(h),
    minutes = Number(min),
    seconds = Number(s);
  if (hours > 23 || minutes > 59 || seconds > 60) return null;
  const time = Date.UTC(year, month, day, hours, minutes, Math.min(seconds, 59));
  // Date.UTC rolls 31 Feb over into March; such a date is garbage, not a date.
  return new Date(time).getUTCDate() === day ? time : null;
}
