/**
 * New IMAP mail within seconds: per IMAP source one connection that fetches, then
 * enters IDLE explicitly (imapflow's automatic IDLE can take many seconds to report the first new
 * message) and fetches again as soon as the server reports EXISTS. A dropped connection reconnects
 * with backoff; a server without IDLE is left to the polling job. Sources added, changed or deleted
 * are picked up on the next refresh. Each source's watcher runs in one instance at a time,
 * under the lease `imap-idle:<source id>` (jobs/leased-work.ts).
 */
import type { ImapFlow } from 'imapflow';
import { createLeasedWork } from '../../../platform/jobs/leased-work';
import type { Leases } from '../../../platform/jobs/leases';
import { imapSourceSettings, sourceRow } from '../mail-sources.queries';
import { type SourceDeps, imapClient, recordSourceFailure, storeNewImapMail } from '../mail-sources.service';

/** IDLE is renewed before servers drop it (RFC 2177 recommends under 29 minutes). */
const IDLE_RENEW_MS = 4 * 60_000;

export function createImapWatchers(deps: SourceDeps, leases: Leases, options: { refreshMs?: number } = {}) {
  function watch(sourceId: number) {
    let stopped = false;
    let client: ImapFlow | null = null;
    let wake: (() => void) | null = null;
    const done = (async () => {
      for (let failures = 0; !stopped;) {
        const row = await sourceRow(deps.db, sourceId);
        if (!row || row.type !== 'IMAP') return;
        try {
          client = await imapClient(deps, row);
          // stop() may have come during the DNS lookup, before there was a client to close.
          if (stopped) return;
          await client.connect();
          if (!client.capabilities.has('IDLE')) return;
          // EXISTS may come while a fetch runs (an answer to its SEARCH or FETCH), not only in IDLE:
          // remember it, or that message would wait for the next renewal.
          let arrived = false;
          client.on('exists', () => {
            arrived = true;
            wake?.();
          });
          while (!stopped && client.usable) {
            arrived = false;
            await storeNewImapMail(deps, row, client);
            failures = 0;
            if (arrived) continue;
            const woken = new Promise<void>((resolve) => {
              wake = resolve;
              // Renewed before the polling job would find the source due, so it leaves it to us.
              setTimeout(resolve, Math.min(IDLE_RENEW_MS, row.pollIntervalSeconds * 500)).unref();
            });
            void client.idle().catch(() => undefined);
            await woken;
          }
        } catch (error) {
          if (stopped) return;
          await recordSourceFailure(deps, row, error);
          failures++;
          await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** failures, 60_000)).unref());
        } finally {
          wake = null;
          client?.close();
        }
      }
    })();
    return async () => {
      stopped = true;
      wake?.();
      client?.close();
      await done.catch(() => undefined);
    };
  }

  return createLeasedWork({
    leases,
    leaseName: (sourceId) => `imap-idle:${sourceId}`,
    async wanted() {
      const rows = await imapSourceSettings(deps.db);
      return new Map(rows.map((r) => [r.id, JSON.stringify(r)]));
    },
    start: watch,
    refreshMs: options.refreshMs,
  });
}
