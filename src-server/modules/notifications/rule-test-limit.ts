/**
 * A notification rule's "Test" at most 10 a minute per rule, and 30 a minute per user over all
 * rules (or a new rule per try would dodge the first), like the mailbox tests: the test reaches out
 * to a URL the user typed, so without a limit it would scan ports for anyone allowed to make a rule.
 * Counted in the database, so the limits hold over all instances (shared-rate-limit.ts).
 */
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { createSharedLimiter, reserveOrRefuse } from '../../platform/shared-rate-limit';

const RULE_TESTS_PER_MINUTE = 10;
const USER_RULE_TESTS_PER_MINUTE = 30;

const tooManyRuleTestsMessage = (seconds: number) => `Te veel testmeldingen achter elkaar. Probeer het over ${seconds} seconden opnieuw.`;

export function createRuleTestLimit(db: DB, clock: Clock) {
  const now = () => epochSeconds(clock);
  const perRule = createSharedLimiter(db, 'rule-test', RULE_TESTS_PER_MINUTE, 60, now);
  const perUser = createSharedLimiter(db, 'user-rule-test', USER_RULE_TESTS_PER_MINUTE, 60, now);
  /** Counts one test, or throws a 429 with Retry-After when either limit is reached. */
  return (ruleId: number, userId: number) =>
    reserveOrRefuse(
      [
        [perRule, String(ruleId)],
        [perUser, String(userId)],
      ],
      tooManyRuleTestsMessage,
    );
}
