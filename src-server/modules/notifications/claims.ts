/**
 * The lease on a notification's attempt: claiming a due row moves its `nextAttemptAt` `CLAIM_SECONDS`
 * ahead, and while the attempt runs the lease is pushed forward again every `RENEW_AFTER_SECONDS`.
 * A slow receiver therefore never sees a second attempt while the first is still open, and when
 * the sending instance dies mid-attempt the row is due again within `CLAIM_SECONDS`; the instance
 * that takes over the notify job sends it again with the same delivery id, so receivers can drop
 * the double.
 */
import type { DB } from '../../platform/db/database';
import * as q from './notifications.queries';

const CLAIM_SECONDS = 20;
const RENEW_AFTER_SECONDS = 5;

export function createClaims(db: DB) {
  /** Rows this run is sending, with the lease's end as stored. */
  const held = new Map<number, number>();
  return {
    /** Takes due rows for one attempt each; answers those taken (another run may have taken some first). */
    async claim<R extends { id: number }>(rows: R[], now: number): Promise<R[]> {
      const until = now + CLAIM_SECONDS;
      const taken = await q.claimNotifications(
        db,
        rows.map((r) => r.id),
        now,
        until,
      );
      for (const id of taken) held.set(id, until);
      return rows.filter((r) => taken.has(r.id));
    },
    /** Pushes the leases of the attempts still running forward; a row whose attempt ended meanwhile is left as it ended. */
    async renew(now: number): Promise<void> {
      for (const [id, until] of held) {
        if (until - now > CLAIM_SECONDS - RENEW_AFTER_SECONDS) continue;
        const next = now + CLAIM_SECONDS;
        if (await q.renewClaim(db, id, until, next)) held.set(id, next);
        else held.delete(id);
      }
    },
    /** The attempt ended (its outcome is stored). */
    release(id: number): void {
      held.delete(id);
    },
  };
}
