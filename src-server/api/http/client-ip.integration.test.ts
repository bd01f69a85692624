/** Behind TRUST_PROXY the sign-in limit per IP counts the client's address from X-Forwarded-For; without it the header is ignored. */
import { describe, expect, test } from 'vitest';
import { createApp } from '../../app';
import { createHarness } from '../../testing/harness';

async function attempts(trustProxy: number | undefined, forwardedFor: string[]) {
  const h = await createHarness({ auth: { maxFailuresPerIp: 2 } });
  const app = createApp({ ...h, trustProxy });
  const statuses = [];
  for (const [i, xff] of forwardedFor.entries()) {
    const res = await app.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
      body: JSON.stringify({ email: `x${i}@example.nl`, password: 'x' }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('client address', () => {
  test('with one trusted proxy, the address it saw (the last entry) is the client: a spoofed first entry does not help', async () => {
    expect(await attempts(1, ['203.0.113.5', '203.0.113.5', '203.0.113.5', '203.0.113.6'])).toEqual([404, 404, 429, 404]);
    expect(await attempts(1, ['1.1.1.1, 203.0.113.5', '2.2.2.2, 203.0.113.5', '3.3.3.3, 203.0.113.5'])).toEqual([404, 404, 429]);
  });

  test('with two, the second entry from the right; a malformed entry falls back to the socket', async () => {
    expect(await attempts(2, ['9.9.9.9, 203.0.113.5, 10.0.0.2', '8.8.8.8, 203.0.113.5, 10.0.0.2', '203.0.113.5, 10.0.0.2'])).toEqual([404, 404, 429]);
    expect(await attempts(1, ['nonsense', 'rubbish', 'garbage'])).toEqual([404, 404, 429]);
  });

  test('off (the default), X-Forwarded-For is ignored: one socket is one client', async () => {
    expect(await attempts(undefined, ['203.0.113.5', '203.0.113.6', '203.0.113.7'])).toEqual([404, 404, 429]);
  });
});
