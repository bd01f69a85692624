/**
 * A live stream as `text/event-stream`: each event with its `id:` so a
 * reconnecting reader can send `Last-Event-ID`, and the stream's heartbeat as a comment so proxies
 * keep the connection open. Ends when the client goes, or quietly when the reader may no longer
 * watch (the stream throws an AppError: signed out, no access any more) or the server stops (an
 * AbortError; the reader reconnects with its `Last-Event-ID`).
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError } from '../../platform/errors';
import type { LiveItem } from '../../platform/events/live-stream';

export function eventStream(c: Context, items: AsyncIterable<LiveItem>) {
  c.header('X-Accel-Buffering', 'no');
  const response = streamSSE(c, async (stream) => {
    await stream.write(': connected\n\n');
    try {
      for await (const item of items) {
        if (item.event === 'heartbeat') await stream.write(': heartbeat\n\n');
        else await stream.writeSSE({ id: String(item.id), event: item.event, data: JSON.stringify(item.data) });
      }
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof DOMException && error.name === 'AbortError')) throw error;
    }
  });
  // streamSSE sets `no-cache`; API answers are `no-store`.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
