/**
 * Live events across instances on PostgreSQL (DESIGN.md §12): one dedicated `pg` client per
 * instance LISTENs on a channel and NOTIFYs it. PostgreSQL hands every listener the notifications
 * in one order (commit order), so all instances deliver the same events in the same order, their
 * own ones included. A NOTIFY payload must stay under 8000 bytes: a batch is split into payloads
 * under that, sent in one transaction so they arrive together. A second channel carries job wakes
 * (jobs/runner.ts): new work for a job whose lock another instance's run holds.
 */
import pg from 'pg';
import type { JobWakes } from '../jobs/job';
import type { EventTransport, StoredEvent } from './event-bus';

/** One channel per database and schema (`?schema=` in the URL, as the tests use), since NOTIFY reaches the whole database. */
function channelOf(connectionString: string, what: 'events' | 'jobs'): string {
  const schema = new URL(connectionString).searchParams.get('schema');
  return `energiebeheer_${what}${schema ? `_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}` : ''}`.slice(0, 63);
}
const MAX_PAYLOAD_BYTES = 7900;

function payloads(dashboardId: number, events: StoredEvent[]): string[] {
  const out: string[] = [];
  let chunk: StoredEvent[] = [];
  const encode = (list: StoredEvent[]) => JSON.stringify({ d: dashboardId, e: list });
  for (const event of events) {
    if (chunk.length && Buffer.byteLength(encode([...chunk, event])) > MAX_PAYLOAD_BYTES) {
      out.push(encode(chunk));
      chunk = [];
    }
    chunk.push(event);
  }
  if (chunk.length) out.push(encode(chunk));
  return out;
}

export async function createPgEventTransport(connectionString: string, log: (line: string) => void = console.error) {
  let receive: (dashboardId: number, events: StoredEvent[]) => void = () => {};
  let receiveWake: (jobName: string) => void = () => {};
  let closed = false;
  let client: pg.Client;
  const channel = channelOf(connectionString, 'events');
  const jobsChannel = channelOf(connectionString, 'jobs');

  async function connect() {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === jobsChannel) return receiveWake(message.payload);
      if (message.channel !== channel) return;
      const { d, e } = JSON.parse(message.payload) as { d: number; e: StoredEvent[] };
      receive(d, e);
    });
    // A lost connection is made again; consoles that reconnect meanwhile are told to resync by ids this instance never saw.
    next.on('error', (error) => log(`Live events: the PostgreSQL connection failed: ${String(error)}`));
    next.on('end', () => {
      if (!closed) setTimeout(() => void connect().catch((error) => log(`Live events: reconnecting failed: ${String(error)}`)), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
    await next.query(`LISTEN "${jobsChannel}"`);
    client = next;
  }
  await connect();

  /** "Job X has new work" to every instance (runner.ts): the one whose run holds X's lock wakes it. */
  const jobWakes: JobWakes = {
    send(jobName) {
      if (closed) return;
      client.query('select pg_notify($1, $2)', [jobsChannel, jobName]).catch((error) => closed || log(`Job wakes: sending failed: ${String(error)}`));
    },
    onReceive(listener) {
      receiveWake = listener;
    },
  };

  const transport: EventTransport & { jobWakes: JobWakes; close: () => Promise<void> } = {
    jobWakes,
    send(dashboardId, events) {
      // After close (the process stops) there is no one left to tell.
      if (closed) return;
      const sent = client;
      const chunks = payloads(dashboardId, events);
      // Queued on the one client in order, so this instance's batches leave in the order they were published.
      const several = chunks.length > 1;
      const queries: Promise<unknown>[] = [];
      if (several) queries.push(sent.query('BEGIN'));
      for (const payload of chunks) queries.push(sent.query('select pg_notify($1, $2)', [channel, payload]));
      if (several) queries.push(sent.query('COMMIT'));
      void Promise.all(queries).catch((error) => closed || log(`Live events: sending failed: ${String(error)}`));
    },
    onReceive(listener) {
      receive = listener;
    },
    async close() {
      closed = true;
      await client.end();
    },
  };
  return transport;
}
