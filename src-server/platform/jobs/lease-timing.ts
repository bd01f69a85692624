/** How long a lease lasts without renewal, and how often its holder renews it. */
export const LEASE_SECONDS = 30;
export const LEASE_RENEW_MS = 10_000;
