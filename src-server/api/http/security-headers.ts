/**
 * Security headers on every answer (README "Security"): a CSP that allows only this origin's
 * scripts and no framing, nosniff, no referrer, and `Cache-Control: no-store` on API and auth
 * answers. They are set before the handler runs, so a handler's own headers win (branding images
 * carry a stricter CSP and an immutable cache; hashed client assets an immutable cache), and so the
 * Node adapter keeps its fast response path (reading a finished response's headers leaves it:
 * Hono's `secureHeaders` does, and cost 15 % of `/auth/me`'s throughput).
 */
import type { Context } from 'hono';

/**
 * Styles may be inline: Radix injects `<style>` elements (the dialog's scroll lock, the select's
 * scrollbar), which Chromium blocks otherwise. Inline styles cannot run code; scripts stay strictly
 * same-origin, with no inline script and no eval.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// No HSTS: HTTPS is the reverse proxy's to terminate and to announce; the product itself speaks HTTP.
const SECURITY_HEADERS: [string, string][] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Frame-Options', 'DENY'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** Paths whose answers are per user and per moment: no browser or proxy may keep them. */
const NO_STORE = /^\/(auth|api|trpc)(\/|$)|^\/healthz$/;

/** Sets the security headers, and `Cache-Control: no-store` on API and auth answers. */
export function setAnswerHeaders(c: Context) {
  for (const [name, value] of SECURITY_HEADERS) c.header(name, value);
  if (NO_STORE.test(c.req.path)) c.header('Cache-Control', 'no-store');
}
