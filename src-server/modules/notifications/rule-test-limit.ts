/**
 * A notification rule's "Test" at most 10 a minute per rule, and 30 a minute per user over all
 * rules (or a new rule per try would dodge the first), like the mailbox tests: the test reaches out
 * to a URL the user typed, so without a limit it would scan ports for anyone allowed to make a rule.
 * Counted in the database, so the limits hold over all instances (shared-rate-limit.ts).
 */
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { createSubjectAndUserLimit } from '../../platform/shared-rate-limit';

/** Per rule, and per user over all their rules. */
const PER_MINUTE = { perSubject: 10, perUser: 30 };

const tooManyRuleTestsMessage = (seconds: number) => `Te veel testmeldingen achter elkaar. Probeer het over ${seconds} seconden opnieuw.`;

export const createRuleTestLimit = (db: DB, clock: Clock) => createSubjectAndUserLimit(db, clock, 'rule-test', PER_MINUTE, tooManyRuleTestsMessage);
