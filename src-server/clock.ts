/**
 * The one source of "now" for domain code. Services receive a clock instead of reading the system
 * time, so tests can pin a Monday, a DST night or an alarm deadline.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Whole UTC seconds, the unit every stored timestamp uses. */
export const epochSeconds = (clock: Clock) => Math.floor(clock().getTime() / 1000);
