/**
 * The one source of "now" for domain code. Services receive a clock instead of reading the system
 * time, so tests can pin a Monday, a DST night or an alarm deadline.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Whole UTC seconds, the unit every stored timestamp uses. */
export const epochSeconds = (clock: Clock) => Math.floor(clock().getTime() / 1000);

/** Stored UTC seconds as an ISO string for answers; null stays null. */
export const isoFromSeconds = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());
