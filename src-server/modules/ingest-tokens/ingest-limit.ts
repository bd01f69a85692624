/**
 * 600 hook requests a minute per ingest token (DESIGN.md §10), counted in a sliding window by the
 * sign-in limiter. In memory, like the sign-in limits: a restart forgetting the counts is harmless.
 */
import { type Clock, epochSeconds } from '../../clock';
import { FailureLimiter } from '../auth/rate-limit';

export const HOOK_REQUESTS_PER_MINUTE = 600;

export const createIngestLimiter = (clock: Clock) => new FailureLimiter(HOOK_REQUESTS_PER_MINUTE, 60, () => epochSeconds(clock));
