/**
 * "Verbinding testen" and "Nu ophalen" at most 10 a minute per source, and 30 a
 * minute per user over all sources (or a new source per try would dodge the first): the test must
 * not guess a mailbox password or knock on a server without limit. Scheduled fetches don't count.
 * Counted in the database, so the limits hold over all instances (shared-rate-limit.ts).
 */
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { createSubjectAndUserLimit } from '../../platform/shared-rate-limit';

/** Per source, and per user over all their sources. */
const PER_MINUTE = { perSubject: 10, perUser: 30 };

export const tooManySourceCallsMessage = (seconds: number) =>
  `Te veel verbindingstests en ophaalacties achter elkaar. Probeer het over ${seconds} seconden opnieuw.`;

export const createSourceCallLimit = (db: DB, clock: Clock) => createSubjectAndUserLimit(db, clock, 'source-call', PER_MINUTE, tooManySourceCallsMessage);
