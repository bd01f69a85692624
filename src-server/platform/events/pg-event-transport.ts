/**
 * Live events across instances on PostgreSQL: the instance's listening connection
 * (db/pg-listener.ts) LISTENs on a channel and NOTIFYs it. PostgreSQL hands every listener the notifications
 * in one order (commit order), so all instances deliver the same events in the same order, their
 * own ones included. A NOTIFY payload must stay under 8000 bytes: a batch is split into payloads
 * under that, sent in one transaction so they arrive together. A second channel carries job wakes
 * (jobs/runner.ts): new work for a job whose lock another instance's run holds.
 */
import { changeChannel, type ChangeNotices } from '../db/change-notices';
import { channelOf, createPgListener, type PgListener } from '../db/pg-listener';
import type { JobWakes } from '../jobs/job';
import type { EventTransport, StoredEvent } from './event-bus';
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

/** The channels of live events and of job wakes: one each per database and schema. */
const eventChannels = (connectionString: string) => ({
  events: channelOf('energiebeheer_events', connectionString),
  jobs: channelOf('energiebeheer_jobs', connectionString),
});
type EventChannels = ReturnType<typeof eventChannels>;

/**
 * The transport over a listening connection that another part made (services.ts shares one with
 * the change notices): `receive` takes this channel's notifications, `send` NOTIFYs on `query`.
 */
function pgEventTransport(channels: EventChannels, query: PgListener['query'], log: (line: string) => void = console.error) {
  let receive: (dashboardId: number, events: StoredEvent[]) => void = () => {};
  let receiveWake: (jobName: string) => void = () => {};
  let closed = false;
  /** "Job X has new work" to every instance (runner.ts): the one whose run holds X's lock wakes it. */
  const jobWakes: JobWakes = {
    send(jobName) {
      if (closed) return;
      query('select pg_notify($1, $2)', [channels.jobs, jobName]).catch((error) => closed || log(`Job wakes: sending failed: ${String(error)}`));
    },
    onReceive(listener) {
      receiveWake = listener;
    },
  };
  const transport: EventTransport & { jobWakes: JobWakes; receive: (channel: string, payload: string) => void; close: () => void } = {
    jobWakes,
    send(dashboardId, events) {
      // After close (the process stops) there is no one left to tell.
      if (closed) return;
      const chunks = payloads(dashboardId, events);
      // Queued on the one connection in order (in one tick, so on one connection), so this
      // instance's batches leave in the order they were published.
      const several = chunks.length > 1;
      const queries: Promise<unknown>[] = [];
      if (several) queries.push(query('BEGIN'));
      for (const payload of chunks) queries.push(query('select pg_notify($1, $2)', [channels.events, payload]));
      if (several) queries.push(query('COMMIT'));
      void Promise.all(queries).catch((error) => closed || log(`Live events: sending failed: ${String(error)}`));
    },
    onReceive(listener) {
      receive = listener;
    },
    receive(channel, payload) {
      if (channel === channels.jobs) return receiveWake(payload);
      const { d, e } = JSON.parse(payload) as { d: number; e: StoredEvent[] };
      receive(d, e);
    },
    close() {
      closed = true;
    },
  };
  return transport;
}

/**
 * The instance's one listening connection and the transport on it: live events, job
 * wakes and, given `notices`, the change notices that keep the caches right (off while it is down).
 */
export async function createPgEventTransport(
  connectionString: string,
  options: { notices?: ChangeNotices; applicationName?: string; retryMs?: number; log?: (line: string) => void } = {},
) {
  const { notices, log = console.error } = options;
  const channels = eventChannels(connectionString);
  const changes = changeChannel(connectionString);
  // Consoles that reconnect while the connection is lost are told to resync by ids this instance never saw.
  const listener = await createPgListener(connectionString, {
    channels: notices ? [channels.events, channels.jobs, changes] : [channels.events, channels.jobs],
    onNotification: (channel, payload) => (channel === changes ? notices?.receive(payload) : transport.receive(channel, payload)),
    onState: notices && ((listening) => notices.setLive(listening)),
    applicationName: options.applicationName,
    retryMs: options.retryMs,
    log,
  });
  const transport = pgEventTransport(channels, (text, values) => listener.query(text, values), log);
  return {
    ...transport,
    async close() {
      transport.close();
      await listener.close();
    },
  };
}
