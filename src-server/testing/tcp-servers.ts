/**
 * Servers that are no IMAP server, for the tests that a mail source's test tells none of them
 * apart: a TCP server that sends garbage (or nothing), an HTTP server; each counts its connections,
 * so a refused host can be shown never to have been contacted.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface TestServer {
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  close: () => Promise<void>;
}

async function listening(server: net.Server, host: string): Promise<TestServer> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers every connection with `greeting` and hangs up; with an empty one it stays silent and open (a client must time out). */
export const startTcpServer = (greeting: string, host = '127.0.0.1') =>
  listening(
    net.createServer((socket) => {
      socket.on('error', () => undefined);
      if (greeting) socket.end(greeting);
    }),
    host,
  );

/** A web server that, like any, waits for a request; it gives up on a silent client within half a second (408). */
export function startHttpServer(host = '127.0.0.1') {
  const server = http.createServer({ headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 100 }, (_, res) => res.end('Energiebeheer'));
  return listening(server, host);
}
