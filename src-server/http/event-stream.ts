/**
 * A subscription's events as `text/event-stream` (DESIGN.md §7 "Live"), with a comment heartbeat
 * every 25 s so proxies keep the connection open; ends when the client goes.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';

export const HEARTBEAT_MS = 25_000;

export function eventStream(c: Context, events: AsyncIterable<{ event: string; data: unknown }>) {
  c.header('X-Accel-Buffering', 'no');
  const response = streamSSE(c, async (stream) => {
    const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
    stream.onAbort(() => clearInterval(heartbeat));
    try {
      await stream.write(': connected\n\n');
      for await (const e of events) await stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
    } finally {
      clearInterval(heartbeat);
    }
  });
  // streamSSE sets `no-cache`; API answers are `no-store`.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
