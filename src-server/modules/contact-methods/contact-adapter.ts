/**
 * How one kind of contact method reaches a person. Each type is one adapter (`email-adapter.ts`
 * now; push, ntfy and Telegram later), listed in `adapters.ts`; the escalation and the test button
 * use them only through this interface.
 */
import type { ContactMethodType } from '@/domain/contact-method';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import type { AlarmFacts } from '../notifications/alarm-message';
import type { Attempt } from '../notifications/attempt';
import type { Mailer } from '../notifications/email';

export interface ContactDeps {
  db: DB;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
}

interface PersonalMessage {
  alarm: AlarmFacts;
  /** The person's one-time link to act on the alarm; null when there is nothing to act on (acknowledged, resolved, a test). */
  actionUrl: string | null;
  /** Stable over retries: a mail's Message-ID, a push's tag. */
  deliveryId: string;
  /** A test from the profile page: nothing to thread on. */
  test: boolean;
}

export interface ContactAdapter {
  type: ContactMethodType;
  send(deps: ContactDeps, target: string, message: PersonalMessage): Promise<Attempt>;
}
