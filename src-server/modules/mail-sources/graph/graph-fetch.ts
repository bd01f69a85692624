/**
 * One fetch run of a MICROSOFT_GRAPH source, and its "Verbinding testen". The order per message is
 * what keeps mail from being lost: read the raw MIME, let the caller store it (it dedupes on
 * Message-ID or a hash), and only then tag the message with the read category. A failure before the
 * tag leaves the message untagged, so the next run fetches it again and the dedupe absorbs it.
 */
import { type GraphClient, GraphError } from './graph-client';

export interface GraphSourceSettings {
  sharedMailbox: string;
  inputFolder: string;
  readCategory: string;
}

export interface GraphMessageMeta {
  graphId: string;
  internetMessageId: string | null;
  /** When the mailbox received it (epoch seconds), null when unknown. */
  arrivedAt: number | null;
}

export type StoreGraphMessage = (raw: Buffer, meta: GraphMessageMeta) => Promise<void>;

const epochOf = (iso: string | null) => {
  const ms = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
};

/** A message moved or deleted in the mailbox after it was listed: nothing to fetch or tag any more. */
const gone = (error: unknown) => error instanceof GraphError && error.status === 404;

function checkSettings({ sharedMailbox, inputFolder, readCategory }: GraphSourceSettings) {
  if (!sharedMailbox.trim() || !inputFolder.trim() || !readCategory.trim()) {
    throw new GraphError(0, 'InvalidSettings', 'Vul de gedeelde mailbox, de invoermap en de leescategorie in.');
  }
}

export async function fetchGraphMailbox(
  client: GraphClient,
  source: GraphSourceSettings,
  store: StoreGraphMessage,
  options: { max?: number; signal?: AbortSignal } = {},
): Promise<{ fetched: number; stored: number }> {
  checkSettings(source);
  const { sharedMailbox: mailbox, readCategory } = source;
  const folder = await client.findFolder(mailbox, source.inputFolder);
  let fetched = 0;
  let stored = 0;
  for await (const message of client.listUnread(mailbox, folder.id, readCategory)) {
    if (options.signal?.aborted || fetched >= (options.max ?? Infinity)) break;
    let raw: Buffer;
    try {
      raw = await client.rawMessage(mailbox, message.id);
    } catch (error) {
      if (gone(error)) continue;
      throw error;
    }
    fetched++;
    await store(raw, { graphId: message.id, internetMessageId: message.internetMessageId, arrivedAt: epochOf(message.receivedDateTime) });
    stored++;
    try {
      await client.addCategory(mailbox, message.id, message.categories, readCategory);
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }
  return { fetched, stored };
}

/** Counting stops here, so testing a folder with years of tagged mail stays quick. */
const COUNT_LIMIT = 1000;

/** Token, folder and the number of messages still to fetch, as a Dutch sentence for the sources page. */
export async function testGraphSource(client: GraphClient, source: GraphSourceSettings): Promise<{ ok: boolean; message: string; messageCount?: number }> {
  try {
    checkSettings(source);
    const { sharedMailbox: mailbox, readCategory } = source;
    const folder = await client.findFolder(mailbox, source.inputFolder);
    let count = 0;
    for await (const _ of client.listUnread(mailbox, folder.id, readCategory)) if (++count >= COUNT_LIMIT) break;
    const amount = count >= COUNT_LIMIT ? `minstens ${COUNT_LIMIT} berichten` : count === 1 ? '1 bericht' : `${count === 0 ? 'geen' : count} berichten`;
    const message = `Verbinding gelukt: de map "${folder.displayName}" in ${mailbox} bevat ${amount} zonder de categorie "${readCategory}".`;
    return { ok: true, message, messageCount: count };
  } catch (error) {
    if (error instanceof GraphError) return { ok: false, message: error.message };
    throw error;
  }
}
