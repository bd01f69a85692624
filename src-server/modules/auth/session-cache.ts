/**
 * Signed-in users by access token, in memory, so the check that runs on every request skips the
 * database and the hash while nothing about the sign-in changed.
 *
 * Invalidation is by the writes themselves, not by a list of call sites: the Kysely plugin sees
 * every statement, and any insert, update or delete of `session`, `user` or `userLocation` (and
 * any raw statement that might write them) empties the cache, before the statement runs and again
 * after it, so a lookup that overlapped the write is not kept either. Logout, rotation, a password
 * change, a deleted user, a changed role, name or location list: the next request reads the
 * database again. Rows deleted by `on delete cascade` hang off `user`, which is watched.
 *
 * Other instances (PostgreSQL) write unseen by this plugin: their committed writes to the same
 * tables arrive as change notices (db/change-notices.ts) and empty the cache too. While the
 * notices' connection is down the cache neither serves nor keeps anything, and it is emptied when
 * the connection goes and when it is back. What remains: between another instance's commit and
 * the notice's arrival here (a round trip on the database's network, about a millisecond on
 * loopback) a request here may still be answered from the cache.
 */
import type { KyselyPlugin, OperationNode, QueryId, RootOperationNode } from 'kysely';
import type { ChangeNotices } from '../../platform/db/change-notices';
import type { Authenticated } from '../../platform/caller';

/** The tables an `Authenticated` is read from. */
const WATCHED = new Set(['session', 'user', 'userLocation']);
const MAX_ENTRIES = 10_000;

interface Entry {
  auth: Authenticated;
  /** The session's expiry when read: the entry serves only while no extension is due. */
  expiresAt: number;
}

/** Table names a write's target names (a table, an alias of one, a list of them). */
function targets(node: OperationNode | undefined): string[] {
  if (!node) return [];
  const n = node as OperationNode & { table?: { identifier: { name: string } }; node?: OperationNode; items?: OperationNode[]; froms?: OperationNode[] };
  if (n.kind === 'TableNode') return [n.table!.identifier.name];
  if (n.kind === 'AliasNode') return targets(n.node);
  if (n.kind === 'ListNode') return n.items!.flatMap(targets);
  if (n.kind === 'FromNode') return n.froms!.flatMap(targets);
  return [];
}

/**
 * A raw statement's text with its nested raw pieces spelled out (values as `?`, tables and
 * references by name); undefined where a piece is anything else. A read written as `with … select`
 * with a `sql.table(…)` or `sql.join(…)` inside is then seen as the read it is: taken for a write, it
 * emptied the cache on every request that made it (the location list on every call).
 */
function rawText(node: OperationNode): string | undefined {
  const n = node as OperationNode & { sqlFragments?: readonly string[]; parameters?: readonly OperationNode[]; column?: OperationNode; table?: OperationNode };
  switch (n.kind) {
    case 'ValueNode':
      return '?';
    case 'TableNode':
      return `"${targets(n).join('"."')}"`;
    case 'ReferenceNode': {
      const column = (n.column as { column?: { name?: string } } | undefined)?.column?.name;
      const table = n.table ? targets(n.table)[0] : undefined;
      return column === undefined ? undefined : table ? `"${table}"."${column}"` : `"${column}"`;
    }
    case 'RawNode': {
      let text = n.sqlFragments![0] ?? '';
      for (const [i, part] of n.parameters!.entries()) {
        const inner = rawText(part);
        if (inner === undefined) return undefined;
        text += inner + (n.sqlFragments![i + 1] ?? '');
      }
      return text;
    }
    default:
      return undefined;
  }
}

/** Whether a statement may write a watched table; when unsure (raw SQL), yes. */
export function writesWatched(node: RootOperationNode | OperationNode): boolean {
  const n = node as OperationNode & {
    into?: OperationNode;
    table?: OperationNode;
    from?: OperationNode;
    with?: { expressions: { expression: OperationNode }[] };
    sqlFragments?: readonly string[];
    parameters?: readonly OperationNode[];
  };
  // A write may hide in a common table expression of any statement.
  if (n.with?.expressions.some((cte) => writesWatched(cte.expression))) return true;
  switch (n.kind) {
    case 'SelectQueryNode':
      return false;
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return targets(n.into).some((t) => WATCHED.has(t));
    case 'UpdateQueryNode':
      return targets(n.table).some((t) => WATCHED.has(t));
    case 'DeleteQueryNode':
      return targets(n.from).some((t) => WATCHED.has(t));
    case 'RawNode': {
      // Nested raw pieces (sql.raw, sql.table, sql.ref, sql.join) are read as the text they make;
      // anything else nested (a query builder's node) may hide a write.
      const text = rawText(n);
      if (text === undefined) return true;
      if (/^\s*(select|pragma|explain)\b/i.test(text)) return false;
      return /session|user/i.test(text);
    }
    default:
      // Schema changes (migrations) and anything new: assume the worst.
      return true;
  }
}

export function createSessionCache(notices: Pick<ChangeNotices, 'live' | 'subscribe'>) {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const writes = new WeakSet<QueryId>();
  const changed = () => {
    generation++;
    entries.clear();
  };
  // Another instance's committed write (or the notices' connection going or coming back: anything may have changed).
  notices.subscribe((notice) => {
    if (!notice || WATCHED.has(notice.table)) changed();
  });

  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (writesWatched(node)) {
        changed();
        writes.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      if (writes.has(queryId)) changed();
      return result;
    },
  };

  return {
    /** Install on the database every part of the process writes through. */
    plugin,
    /** The cached sign-in of `token` while it needs no extension at `now` (seconds), else undefined. */
    get(token: string, now: number, extendBelow: number): Authenticated | undefined {
      if (!notices.live) return undefined;
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expiresAt - now >= extendBelow) return entry.auth;
      entries.delete(token);
      return undefined;
    },
    /** Taken before a lookup: `set` keeps its answer only if no watched write happened since. */
    stamp: () => generation,
    set(token: string, auth: Authenticated, expiresAt: number, stamp: number) {
      if (stamp !== generation || !notices.live) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(token, { auth, expiresAt });
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
