/** What one delivery attempt came to, for either channel; `retry` says whether backoff applies. */
export type Attempt = { ok: true; target: string; messageId?: string } | { ok: false; retry: boolean; error: string; retryAfterSeconds?: number };
