/**
 * The heartbeat check: a key of a DEFAULT parser with `heartbeat` that has been
 * silent longer than `everyMinutes` raises "Geen bericht van … sinds …", once per silence. A key
 * never seen raises nothing: silence is measured from a first sign of life.
 */
import type { ParserConfig } from '@/domain/alarm-parser';
import { epochSeconds } from '../../platform/clock';
import { raiseSilenceOnce, silenceSince } from '../alarms/silence';
import { claimHeartbeatSilence, heartbeatAlarmKey, unraisedHeartbeats } from './heartbeats.queries';
import type { PipelineDeps } from './parse-pipeline';

/** Raises an alarm for each heartbeat silent too long; answers how many were raised. */
export async function raiseSilentHeartbeats(deps: PipelineDeps, signal?: AbortSignal) {
  const now = epochSeconds(deps.clock);
  let raised = 0;
  for (const beat of await unraisedHeartbeats(deps.db)) {
    if (signal?.aborted) break;
    const config = JSON.parse(beat.configJson!) as ParserConfig;
    if (!config.heartbeat || now - beat.lastSeenAt <= config.heartbeat.everyMinutes * 60) continue;
    const events = await deps.db.transaction().execute((trx) =>
      raiseSilenceOnce(trx, now, {
        dashboardId: beat.dashboardId,
        key: heartbeatAlarmKey(beat.parserId, beat.key),
        line: `Geen bericht van ${beat.key || beat.name} sinds ${silenceSince(beat.lastSeenAt)}`,
        folderIds: [config.folderId ?? null],
        claim: (trx) => claimHeartbeatSilence(trx, beat.parserId, beat.key, beat.lastSeenAt),
      }),
    );
    if (events.length) {
      raised++;
      deps.events.publish(beat.dashboardId, events);
    }
  }
  return raised;
}
