/**
 * The Microsoft Graph mail client of a MICROSOFT_GRAPH source: find the
 * input folder by display name, list its messages that lack the read category, read a message's raw
 * MIME and add the category. Transport, token and retries live in `graph-http.ts`.
 *
 * "Lacks the category" is decided here, not by `$filter`: Graph documents `categories/any(...)` but
 * not its negation on messages, and a server-side filter whose result shrinks while we tag would
 * also make paging fragile. So every page lists `id, categories, internetMessageId` only.
 */
import * as v from 'valibot';
import { GraphError, type GraphHttpOptions, createGraphHttp } from './graph-http';

export { GraphError } from './graph-http';

export interface GraphClientOptions extends GraphHttpOptions {
  /** `$top` of a message page (Graph allows up to 1000). */
  pageSize?: number;
}

export interface GraphFolder {
  id: string;
  displayName: string;
}

export interface GraphMessageRef {
  id: string;
  internetMessageId: string | null;
  categories: string[];
  /** When the mailbox received it (ISO); null when Graph leaves it out. */
  receivedDateTime: string | null;
}

const folderSchema = v.object({ id: v.pipe(v.string(), v.nonEmpty()), displayName: v.string() });
const foldersSchema = v.object({ value: v.array(folderSchema) });
const pageSchema = v.object({
  value: v.array(
    v.object({
      id: v.pipe(v.string(), v.nonEmpty()),
      internetMessageId: v.nullish(v.string(), null),
      categories: v.nullish(v.array(v.string()), []),
      receivedDateTime: v.nullish(v.string(), null),
    }),
  ),
  '@odata.nextLink': v.optional(v.pipe(v.string(), v.url())),
});

const hasCategory = (categories: string[], category: string) => categories.some((c) => c.localeCompare(category, undefined, { sensitivity: 'accent' }) === 0);
/** A query string with `%20` for spaces (Graph's OData parser wants no `+`) and `$` left as is. */
const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, value]) => `${k}=${encodeURIComponent(value)}`)
    .join('&');

export function createGraphClient(options: GraphClientOptions) {
  const http = createGraphHttp(options);
  const pageSize = options.pageSize ?? 100;
  const user = (mailbox: string) => `${http.apiBase}/users/${encodeURIComponent(mailbox)}`;

  /** Dutch messages for the API's refusals, naming the mailbox. */
  const refusal = (mailbox: string) => (status: number, code: string, message: string) => {
    if (status === 401) return new GraphError(status, code, 'Microsoft 365 weigert het toegangstoken (controleer de app-registratie in de tenant).');
    if (status === 403)
      return new GraphError(status, code, `De app heeft geen toegang tot de mailbox ${mailbox} (toepassingsmachtiging Mail.ReadWrite nodig).`);
    if (status === 404 && code === 'ErrorItemNotFound')
      return new GraphError(status, code, `Het bericht of de map bestaat niet (meer) in de mailbox ${mailbox}.`);
    if (status === 404) return new GraphError(status, code, `De mailbox ${mailbox} bestaat niet of is niet bereikbaar voor deze app.`);
    return new GraphError(status, code, `Microsoft 365 antwoordde ${status}${message ? `: ${message}` : ''}.`);
  };

  async function foldersNamed(mailbox: string, parentId: string | null, name: string): Promise<GraphFolder[]> {
    const parent = parentId === null ? '' : `/${encodeURIComponent(parentId)}/childFolders`;
    const url = `${user(mailbox)}/mailFolders${parent}?${query({ $filter: `displayName eq '${name.replace(/'/g, "''")}'` })}`;
    return (await http.readJson(await http.request(url, {}, refusal(mailbox)), foldersSchema)).value;
  }

  async function inbox(mailbox: string): Promise<GraphFolder> {
    return http.readJson(await http.request(`${user(mailbox)}/mailFolders/inbox`, {}, refusal(mailbox)), folderSchema);
  }

  return {
    /**
     * The folder at `path`: a top-level display name, `Inbox` (whatever the mailbox's language calls
     * it), a folder directly under the Inbox, or a path like `Inbox/Alarmen` walked one level at a time.
     */
    async findFolder(mailbox: string, path: string): Promise<GraphFolder> {
      const names = path
        .split('/')
        .map((n) => n.trim())
        .filter(Boolean);
      const missing = () => new GraphError(404, 'FolderNotFound', `De map "${path}" bestaat niet in de mailbox ${mailbox}.`);
      if (names.length === 0) throw missing();
      const [first, ...rest] = names as [string, ...string[]];
      let folder: GraphFolder | undefined = (await foldersNamed(mailbox, null, first))[0];
      if (!folder && first.toLowerCase() === 'inbox') folder = await inbox(mailbox);
      if (!folder) folder = (await foldersNamed(mailbox, 'inbox', first))[0];
      for (const name of rest) {
        if (!folder) break;
        folder = (await foldersNamed(mailbox, folder.id, name))[0];
      }
      if (!folder) throw missing();
      return folder;
    },

    /** The folder's messages without `readCategory`, oldest first, page by page via `@odata.nextLink`. */
    async *listUnread(mailbox: string, folderId: string, readCategory: string): AsyncGenerator<GraphMessageRef> {
      const first = query({ $select: 'id,categories,internetMessageId,receivedDateTime', $orderby: 'receivedDateTime asc', $top: String(pageSize) });
      let url: string | undefined = `${user(mailbox)}/mailFolders/${encodeURIComponent(folderId)}/messages?${first}`;
      while (url) {
        const page: v.InferOutput<typeof pageSchema> = await http.readJson(await http.request(url, {}, refusal(mailbox)), pageSchema);
        for (const message of page.value) if (!hasCategory(message.categories, readCategory)) yield message;
        url = page['@odata.nextLink'];
        // The bearer token goes only to the configured Graph host, whatever a page links to.
        if (url && new URL(url).origin !== new URL(http.apiBase).origin) {
          throw new GraphError(0, 'UnexpectedNextLink', 'Microsoft 365 verwees naar een vervolgpagina op een andere host; die wordt niet gevolgd.');
        }
      }
    },

    /** The message exactly as received (MIME), byte for byte. */
    async rawMessage(mailbox: string, id: string): Promise<Buffer> {
      return http.readBytes(await http.request(`${user(mailbox)}/messages/${encodeURIComponent(id)}/$value`, {}, refusal(mailbox)));
    },

    /** Adds `readCategory` to the categories the message had when listed (PATCH replaces the list). */
    async addCategory(mailbox: string, id: string, existing: string[], readCategory: string): Promise<void> {
      if (hasCategory(existing, readCategory)) return;
      const res = await http.request(
        `${user(mailbox)}/messages/${encodeURIComponent(id)}`,
        { method: 'PATCH', json: { categories: [...existing, readCategory] } },
        refusal(mailbox),
      );
      await res.body?.cancel().catch(() => {});
    },
  };
}
export type GraphClient = ReturnType<typeof createGraphClient>;
