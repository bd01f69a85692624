/**
 * One dedicated `pg` connection per instance that LISTENs on its channels: live
 * events (events/pg-event-transport.ts) and cache invalidation (db/change-notices.ts) share it.
 * PostgreSQL hands every listener the notifications in commit order; a NOTIFY sent inside a
 * transaction is delivered only when it commits.
 *
 * A lost connection is made again every second until it is back and listening. `listening` says
 * whether notifications reach this instance now: false from the moment the connection fails
 * until LISTEN succeeds again, and every change of it is told to `onState`, so what relies on
 * hearing every notification (a cache) can stop relying on it meanwhile.
 */
import pg from 'pg';

/** A channel name per database and schema (`?schema=` in the URL, as the tests and the bench use), since NOTIFY reaches the whole database. */
export function channelOf(prefix: string, connectionString: string): string {
  const schema = new URL(connectionString).searchParams.get('schema');
  return `${prefix}${schema ? `_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}` : ''}`.slice(0, 63);
}

/** An instance's listening connection's `application_name` in `pg_stat_activity`. */
export const listenerName = (instanceId: string) => `energiebeheer listen ${instanceId}`.slice(0, 63);

export interface PgListenerOptions {
  channels: string[];
  onNotification: (channel: string, payload: string) => void;
  onState?: (listening: boolean) => void;
  log?: (line: string) => void;
  /** Between reconnection attempts (1 s). */
  retryMs?: number;
  /** Shown in `pg_stat_activity` (which instance's connection this is). */
  applicationName?: string;
}

export async function createPgListener(connectionString: string, options: PgListenerOptions) {
  const log = options.log ?? console.error;
  const retryMs = options.retryMs ?? 1000;
  let closed = false;
  let listening = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** The last statement sent on the connection (see `query`). */
  let queue: Promise<unknown> = Promise.resolve();

  function setListening(value: boolean) {
    if (listening === value) return;
    listening = value;
    options.onState?.(value);
  }

  function lost(from: pg.Client) {
    if (client !== from) return;
    client = undefined;
    setListening(false);
    if (!closed && !retry) retry = setTimeout(reconnect, retryMs).unref();
  }

  function reconnect() {
    retry = undefined;
    void connect().catch((error) => {
      log(`PostgreSQL LISTEN: reconnecting failed: ${String(error)}`);
      if (!closed && !retry) retry = setTimeout(reconnect, retryMs).unref();
    });
  }

  async function connect() {
    // keepAlive: a connection that silently died (no FIN) is noticed by TCP, not never.
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: options.applicationName });
    next.on('notification', (message) => {
      if (message.payload !== undefined && options.channels.includes(message.channel)) options.onNotification(message.channel, message.payload);
    });
    next.on('error', (error) => {
      log(`PostgreSQL LISTEN: the connection failed: ${String(error)}`);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    setListening(true);
  }
  await connect();

  return {
    /** Whether this instance hears every notification now. */
    get listening() {
      return listening;
    },
    /**
     * A statement on the listening connection (sending NOTIFYs in order); refused while it is down.
     * Each waits for the one before: a client runs one statement at a time anyway, and `pg` is to
     * stop queueing them itself.
     */
    query(text: string, values?: unknown[]): Promise<unknown> {
      const run = queue.then(() => {
        if (!client) throw new Error('the LISTEN connection is down');
        return client.query(text, values);
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      setListening(false);
      await current?.end();
    },
  };
}

export type PgListener = Awaited<ReturnType<typeof createPgListener>>;
