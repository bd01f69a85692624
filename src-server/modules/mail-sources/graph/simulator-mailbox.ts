/**
 * The one mailbox a Graph simulator serves: folders (a tree, found by display name like Exchange
 * does, case-insensitively), messages with their raw MIME and categories, and the small part of
 * OData `$filter` that mail clients send for folders and categories.
 */
import { randomBytes } from 'node:crypto';

export interface SimFolder {
  id: string;
  displayName: string;
  parentId: string | null;
}

export interface SimMessage {
  id: string;
  folderId: string;
  raw: Buffer;
  categories: string[];
  internetMessageId: string | null;
  subject: string;
  receivedDateTime: string;
}

/** Exchange-like opaque ids: base64 with `-`, `_` and `=`, so clients must URL-encode them. */
const newId = () => `AAMk${randomBytes(15).toString('base64url')}=`;
const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
const QUOTED = `'((?:[^']|'')*)'`;
const unquote = (s: string) => s.replace(/''/g, "'");
const DISPLAY_NAME = new RegExp(`^displayName eq ${QUOTED}$`, 'i');
const HAS_CATEGORY = new RegExp(`^categories/any\\((\\w+):\\s*\\1 eq ${QUOTED}\\)$`, 'i');
const NEGATED = /^not\s*\((.*)\)$/i;

/** A predicate for `displayName eq '...'`; null for a filter this simulator does not know (a 400). */
export function folderFilter(filter: string | null): ((f: SimFolder) => boolean) | null {
  if (filter === null) return () => true;
  const m = DISPLAY_NAME.exec(filter.trim());
  return m ? (f) => same(f.displayName, unquote(m[1]!)) : null;
}

/** A predicate for `categories/any(c:c eq 'X')` and `not(categories/any(c:c eq 'X'))`; null when unknown. */
export function messageFilter(filter: string | null): ((m: SimMessage) => boolean) | null {
  if (filter === null) return () => true;
  const negated = NEGATED.exec(filter.trim());
  const m = HAS_CATEGORY.exec((negated ? negated[1]! : filter).trim());
  if (!m) return null;
  const category = unquote(m[2]!);
  return (message) => message.categories.some((c) => same(c, category)) !== Boolean(negated);
}

function header(raw: Buffer, name: string): string | null {
  const head = raw.toString('latin1').split(/\r?\n\r?\n/, 1)[0]!;
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded);
  return m ? m[1]!.trim() : null;
}

export function createSimMailbox(now: () => Date, folderPaths: string[]) {
  const folders = new Map<string, SimFolder>();
  const messages = new Map<string, SimMessage>(); // insertion order is listing order

  const children = (parentId: string | null) => [...folders.values()].filter((f) => f.parentId === parentId);
  const inbox: SimFolder = { id: newId(), displayName: 'Inbox', parentId: null };
  folders.set(inbox.id, inbox);

  /** The folder at a path like `Inbox/Alarmen`, created when missing (or, with `create` false, undefined). */
  function folderAt(path: string, create = true): SimFolder | undefined {
    let parent = null as SimFolder | null;
    for (const name of path.split('/').filter(Boolean)) {
      let folder: SimFolder | undefined = children(parent?.id ?? null).find((f) => same(f.displayName, name));
      if (!folder && !create) return undefined;
      if (!folder) {
        folder = { id: newId(), displayName: name, parentId: parent?.id ?? null };
        folders.set(folder.id, folder);
      }
      parent = folder;
    }
    if (!parent) throw new Error(`Not a folder path: "${path}"`);
    return parent;
  }
  const ensureFolder = (path: string) => folderAt(path)!;
  folderPaths.forEach(ensureFolder);

  return {
    children,
    /** A folder by id or by the well-known name `inbox`. */
    folder: (idOrName: string) => (same(idOrName, 'inbox') ? inbox : folders.get(idOrName)),
    message: (id: string) => messages.get(id),
    ensureFolder,
    deliver(raw: Buffer, folderPath: string, categories: string[]): SimMessage {
      const message: SimMessage = {
        id: newId(),
        folderId: ensureFolder(folderPath).id,
        raw,
        categories: [...categories],
        internetMessageId: header(raw, 'message-id'),
        subject: header(raw, 'subject') ?? '',
        receivedDateTime: now()
          .toISOString()
          .replace(/\.\d+Z$/, 'Z'),
      };
      messages.set(message.id, message);
      return message;
    },
    /** One page of a folder's messages (in arrival order) after the message `afterId`: a cursor, so pages stay right while categories change. */
    page(folderId: string, keep: (m: SimMessage) => boolean, top: number, afterId: string | null, descending: boolean) {
      const all = [...messages.values()].filter((m) => m.folderId === folderId);
      if (descending) all.reverse();
      const start = afterId === null ? 0 : all.findIndex((m) => m.id === afterId) + 1;
      const matching = all.slice(start).filter(keep);
      return { items: matching.slice(0, top), more: matching.length > top };
    },
    /** The messages in the folder at `path`; none when there is no such folder. */
    inFolder: (path: string) => [...messages.values()].filter((m) => m.folderId === folderAt(path, false)?.id),
  };
}
export type SimMailbox = ReturnType<typeof createSimMailbox>;
