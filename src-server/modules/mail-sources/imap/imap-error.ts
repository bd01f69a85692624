/** A failure of an IMAP source whose message (Dutch) is meant for the source's owner. */
export class ImapSourceError extends Error {
  override name = 'ImapSourceError';
}
