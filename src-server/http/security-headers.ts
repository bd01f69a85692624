/**
 * Security headers on every answer (README "Security"): a CSP that allows only this origin's
 * scripts and no framing, nosniff, no referrer, and `Cache-Control: no-store` on API and auth
 * answers. A handler's own headers win (branding images carry a stricter CSP and an immutable
 * cache), and hashed client assets keep their immutable cache.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Styles may be inline: Radix injects `<style>` elements (the dialog's scroll lock, the select's
 * scrollbar) and recharts sets style attributes. Inline styles cannot run code; scripts stay
 * strictly same-origin, with no inline script and no eval.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeaders: MiddlewareHandler = secureHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  // HTTPS is the reverse proxy's to terminate and to announce; the product itself speaks HTTP.
  strictTransportSecurity: false,
  overwrite: false,
});

/** API and auth answers are per user and per moment: no browser or proxy may keep them. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};
