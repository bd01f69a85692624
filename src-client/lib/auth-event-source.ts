/**
 * An EventSource for tRPC's `httpSubscriptionLink` that sends the access token in the
 * Authorization header (a token never goes into a URL, where logs and history keep it, and the browser's
 * EventSource cannot send headers). It reads with `authFetch`, so each connection takes the
 * current token and a 401 refreshes it once like every call, and it behaves as EventSource does
 * where tRPC relies on it: after a drop it reconnects (with backoff) sending `Last-Event-ID`, so
 * the server sends what was missed; a refused answer (4xx) closes it for good.
 */
import { authFetch } from './auth-client';
import { createSseParser } from './sse-parser';

const backoff = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000) * (0.8 + Math.random() * 0.4);

export class AuthEventSource extends EventTarget {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = this.CONNECTING;
  private readonly stop = new AbortController();
  private lastEventId = '';

  constructor(readonly url: string) {
    super();
    void this.run();
  }

  close() {
    this.readyState = this.CLOSED;
    this.stop.abort();
  }

  private async run() {
    for (let attempt = 0; this.readyState !== this.CLOSED; attempt++) {
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream' };
        if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
        const res = await authFetch(this.url, { headers, cache: 'no-store', signal: this.stop.signal });
        // tRPC answers its own errors inside the stream; a 4xx comes from before it and will not change.
        if (res.status >= 400 && res.status < 500) {
          this.readyState = this.CLOSED;
          this.dispatchEvent(new Event('error'));
          return;
        }
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        this.readyState = this.OPEN;
        attempt = 0;
        this.dispatchEvent(new Event('open'));
        await this.read(res.body);
      } catch {
        // A dropped or refused connection: reconnect below, unless closed.
      }
      if (this.readyState === this.CLOSED) return;
      this.readyState = this.CONNECTING;
      this.dispatchEvent(new Event('error'));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff(attempt));
        this.stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    const feed = createSseParser(({ event, data, lastEventId }) => {
      this.lastEventId = lastEventId;
      if (this.readyState !== this.CLOSED) this.dispatchEvent(new MessageEvent(event, { data, lastEventId }));
    });
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      feed(decoder.decode(value, { stream: true }));
    }
  }
}
