/**
 * Silent sources: a source with `silenceMinutes` that stores no e-mail for that long
 * raises "Geen e-mail via bron … sinds …" once per silence; its next stored e-mail resolves it. A
 * source that never stored one is silent since it was created.
 */
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { EventBus } from '../../platform/events/event-bus';
import { endSilence, raiseSilenceOnce, silenceSince } from '../alarms/silence';
import { claimSourceSilence, setLastEmailAt, unraisedSources } from './mail-sources.queries';
import type { MailSourceRow } from './mail-sources.table';

const sourceSilenceKey = (sourceId: number) => `silence:source:${sourceId}`;

/** In the store transaction of a new e-mail of the source: its last e-mail moves, its silence ends. */
export async function noteSourceEmail(trx: DB, row: MailSourceRow, at: number, emailId: number) {
  await setLastEmailAt(trx, row.id, at);
  const { events } = await endSilence(trx, at, { type: 'EMAIL', id: emailId, name: row.name }, row.dashboardId, sourceSilenceKey(row.id), emailId);
  return events;
}

/** Raises an alarm for each source silent longer than its limit; answers how many were raised. */
export async function raiseSilentSources(deps: { db: DB; clock: Clock; events: EventBus }, signal?: AbortSignal) {
  const now = epochSeconds(deps.clock);
  let raised = 0;
  for (const source of await unraisedSources(deps.db)) {
    if (signal?.aborted) break;
    if (now - source.since <= source.silenceMinutes! * 60) continue;
    const events = await deps.db.transaction().execute((trx) =>
      raiseSilenceOnce(trx, now, {
        dashboardId: source.dashboardId,
        key: sourceSilenceKey(source.id),
        line: `Geen e-mail via bron ${source.name} sinds ${silenceSince(source.since)}`,
        folderIds: [source.folderId],
        claim: (trx) => claimSourceSilence(trx, source.id, source.since),
      }),
    );
    if (events.length) {
      raised++;
      deps.events.publish(source.dashboardId, events);
    }
  }
  return raised;
}
