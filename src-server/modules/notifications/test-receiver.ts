/** A webhook receiver on loopback for tests and the bench: records every request and answers as scripted. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** `answer` decides each response (status and headers) from the requests so far; default 200. */
export async function startReceiver(answer: (n: number) => { status: number; headers?: Record<string, string>; delayMs?: number } = () => ({ status: 200 })) {
  const received: Received[] = [];
  const listeners: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      listeners.splice(0).forEach((l) => l());
      const { status, headers, delayMs } = answer(received.length);
      setTimeout(() => res.writeHead(status, headers).end(), delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    /** Resolves once `count` requests have arrived. */
    async waitFor(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => listeners.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
