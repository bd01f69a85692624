/**
 * Committed changes told to every instance's caches (no state that
 * matters held in one process only). The session cache (modules/auth/session-cache.ts) and the
 * dashboard figure cache (modules/measurement-store/figure-cache.ts) listen here.
 *
 * PostgreSQL: statement-level triggers on `session`, `user`, `userLocation` and `measurement`
 * (migration 2026-11-25T2100-change-notices) call `pg_notify` inside the writing transaction, so
 * the notice leaves exactly when the change commits, whichever instance (or tool) wrote it; every
 * instance LISTENs on the channel (db/pg-listener.ts). While that connection is down, `live` is
 * false: a cache must then neither serve nor keep anything, and it is emptied when the connection
 * goes and again when it is back (`null` to the listeners), since what was written meanwhile was
 * never told.
 *
 * SQLite: this process is the database's one writer (server.ts locks DATA_DIR); its caches see its
 * own writes directly, so `live` is always true and no notice ever comes.
 */

/** What changed: a table of the sign-in, or the measurements of some channels ('all': too many to name). */
export type ChangeNotice = { table: 'session' | 'user' | 'userLocation' } | { table: 'measurement'; channelIds: number[] | 'all' };

/** The channel the triggers notify: one per schema (`?schema=` in the URL, else `public`), as the trigger computes it. */
export function changeChannel(connectionString: string): string {
  const schema = new URL(connectionString).searchParams.get('schema') ?? 'public';
  return `energiebeheer_changes_${schema}`.slice(0, 63);
}

/** A trigger's payload: the table's name, or `measurement:<channel ids, comma-separated, or *>`. */
function parseNotice(payload: string): ChangeNotice | null {
  if (payload === 'session' || payload === 'user' || payload === 'userLocation') return { table: payload };
  const ids = /^measurement:(.*)$/.exec(payload)?.[1];
  if (ids === undefined) return null;
  return { table: 'measurement', channelIds: ids === '*' ? 'all' : ids.split(',').map(Number) };
}

export function createChangeNotices(initiallyLive = true) {
  const listeners: ((notice: ChangeNotice | null) => void)[] = [];
  let live = initiallyLive;
  const tell = (notice: ChangeNotice | null) => {
    for (const listener of listeners) listener(notice);
  };
  return {
    /** Whether every committed change reaches this instance now; caches serve only while it is. */
    get live() {
      return live;
    },
    /** `null`: anything may have changed unseen (the LISTEN connection went, or came back). */
    subscribe(listener: (notice: ChangeNotice | null) => void) {
      listeners.push(listener);
    },
    /** A notification's payload (PostgreSQL). */
    receive(payload: string) {
      // An unknown payload (a newer instance's) may name anything: assume the worst.
      tell(parseNotice(payload));
    },
    /** The LISTEN connection's state (PostgreSQL): every change empties the caches. */
    setLive(value: boolean) {
      live = value;
      tell(null);
    },
  };
}

export type ChangeNotices = ReturnType<typeof createChangeNotices>;
