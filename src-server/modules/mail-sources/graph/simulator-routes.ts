/**
 * The Graph mail endpoints of the simulator, below `/v1.0/users/{mailbox}`: folder lookup by display
 * name, child folders, message lists with `$filter`/`$top`/`$select`/`$skiptoken` and an absolute
 * `@odata.nextLink`, the raw MIME at `$value`, and PATCH of `categories`. Answers and error bodies
 * have Graph's shapes (`{"error": {"code", "message"}}`).
 */
import { type SimMailbox, type SimMessage, folderFilter, messageFilter } from './simulator-mailbox';

export interface SimResponse {
  status: number;
  body: Buffer | object | null;
  contentType?: string;
}

export interface SimRequest {
  method: string;
  /** The path below `/v1.0/users/{mailbox}`, decoded per segment. */
  segments: string[];
  query: URLSearchParams;
  body: Buffer;
  /** This request's URL without its query, for `@odata.nextLink`. */
  base: string;
}

export const graphError = (status: number, code: string, message: string): SimResponse => ({ status, body: { error: { code, message } } });
const notFound = () => graphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
const badFilter = () => graphError(400, 'ErrorInvalidUrlQueryFilter', 'The query filter contains one or more invalid nodes.');
/** Graph lists a folder newest first unless asked otherwise. */
const ORDERS = new Set(['receiveddatetime', 'receiveddatetime asc', 'receiveddatetime desc']);
const ok = (body: object): SimResponse => ({ status: 200, body });

function messageJson(m: SimMessage, select: string[] | null) {
  const full: Record<string, unknown> = {
    id: m.id,
    subject: m.subject,
    receivedDateTime: m.receivedDateTime,
    internetMessageId: m.internetMessageId,
    categories: m.categories,
    parentFolderId: m.folderId,
  };
  const keys = select ? ['id', ...select.filter((k) => k !== 'id' && k in full)] : Object.keys(full);
  return Object.fromEntries(keys.map((k) => [k, full[k]]));
}

function listMessages(mailbox: SimMailbox, folderId: string, req: SimRequest): SimResponse {
  const keep = messageFilter(req.query.get('$filter'));
  if (!keep) return badFilter();
  const topText = req.query.get('$top') ?? '10';
  const top = Number(topText);
  if (!/^\d+$/.test(topText) || top < 1 || top > 1000) return graphError(400, 'ErrorInvalidUrlQueryParameter', `Invalid $top value: '${topText}'.`);
  const order = (req.query.get('$orderby') ?? 'receivedDateTime desc').trim().toLowerCase();
  if (!ORDERS.has(order)) return graphError(400, 'ErrorInvalidUrlQueryParameter', `Unsupported $orderby: '${order}'.`);
  const select =
    req.query
      .get('$select')
      ?.split(',')
      .map((s) => s.trim()) ?? null;
  const { items, more } = mailbox.page(folderId, keep, top, req.query.get('$skiptoken'), order.endsWith('desc'));
  const body: Record<string, unknown> = { value: items.map((m) => messageJson(m, select)) };
  if (more) {
    const next = new URLSearchParams(req.query);
    next.set('$skiptoken', items.at(-1)!.id);
    // Graph's nextLinks percent-encode everything, `$` included.
    const encoded = [...next].map(([k, value]) => `${encodeURIComponent(k)}=${encodeURIComponent(value)}`);
    body['@odata.nextLink'] = `${req.base}?${encoded.join('&')}`;
  }
  return ok(body);
}

function listFolders(mailbox: SimMailbox, parentId: string | null, req: SimRequest): SimResponse {
  const keep = folderFilter(req.query.get('$filter'));
  if (!keep) return badFilter();
  return ok({
    value: mailbox
      .children(parentId)
      .filter(keep)
      .map((f) => ({ id: f.id, displayName: f.displayName, parentFolderId: f.parentId })),
  });
}

function patchMessage(message: SimMessage, body: Buffer): SimResponse {
  let patch: unknown;
  try {
    patch = JSON.parse(body.toString('utf8'));
  } catch {
    return graphError(400, 'ErrorInvalidRequest', 'Cannot read the request body.');
  }
  const categories = (patch as { categories?: unknown } | null)?.categories;
  if (!Array.isArray(categories) || !categories.every((c) => typeof c === 'string')) {
    return graphError(400, 'ErrorInvalidRequest', 'categories must be an array of strings.');
  }
  message.categories = [...categories];
  return ok(messageJson(message, null));
}

export function routeMailRequest(mailbox: SimMailbox, req: SimRequest): SimResponse {
  const [collection, id, sub, messageId, value] = req.segments;
  const get = req.method === 'GET';
  if (collection === 'mailFolders') {
    if (id === undefined) return get ? listFolders(mailbox, null, req) : graphError(405, 'ErrorInvalidRequest', 'Method not allowed.');
    const folder = mailbox.folder(id);
    if (!folder) return notFound();
    if (sub === undefined && get) return ok({ id: folder.id, displayName: folder.displayName, parentFolderId: folder.parentId });
    if (sub === 'childFolders' && messageId === undefined && get) return listFolders(mailbox, folder.id, req);
    if (sub === 'messages' && messageId === undefined && get) return listMessages(mailbox, folder.id, req);
    if (sub === 'messages' && messageId !== undefined) {
      const message = mailbox.message(messageId);
      return message?.folderId === folder.id ? routeMessage(message, value, req) : notFound();
    }
  }
  if (collection === 'messages' && id !== undefined && messageId === undefined) {
    const message = mailbox.message(id);
    return message ? routeMessage(message, sub, req) : notFound();
  }
  return graphError(400, 'BadRequest', `Resource not found for the segment '${req.segments.join('/')}'.`);
}

function routeMessage(message: SimMessage, sub: string | undefined, req: SimRequest): SimResponse {
  if (sub === '$value' && req.method === 'GET') return { status: 200, body: message.raw, contentType: 'text/plain' };
  if (sub === undefined && req.method === 'GET') return ok(messageJson(message, req.query.get('$select')?.split(',') ?? null));
  if (sub === undefined && req.method === 'PATCH') return patchMessage(message, req.body);
  return graphError(405, 'ErrorInvalidRequest', 'Method not allowed.');
}
