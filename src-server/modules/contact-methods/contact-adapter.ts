/**
 * How one kind of contact method reaches a person. Each type is one adapter (`email-adapter.ts`,
 * …), listed in `adapters.ts`; the list, the escalation and the test button use them only through
 * this interface: a new kind is its schema variant in the domain plus one adapter.
 */
import type { ContactMethodType, CreateContactMethod } from '@/domain/contact-method';
import type { AlarmFacts } from '../notifications/alarm-message';
import type { Attempt } from '../notifications/attempt';
import type { SendDeps } from '../notifications/delivery';
import type { TelegramBot } from './telegram-bot';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: whom a push service contacts about this sender. */
  subject: string;
}

export interface WebPushSettings {
  vapid: VapidKeys;
  /** An extra trusted certificate for push endpoints: the tests' local push service. */
  ca?: string;
}

export interface ContactDeps extends SendDeps {
  /** The server's VAPID keys (and, in tests, the local push service's certificate). */
  webPush: WebPushSettings;
  /** The installation's Telegram bot; null without TELEGRAM_BOT_TOKEN. */
  telegram: TelegramBot | null;
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

/**
 * A failed attempt may say the receiver no longer knows this method (a push subscription answered
 * 404/410, a bot was blocked): the method is then removed and not tried again.
 */
export type ContactAttempt = Attempt | { ok: false; retry: false; error: string; gone: true };

export interface ContactAdapter<T extends ContactMethodType = ContactMethodType> {
  type: T;
  /** The stored `target` of a new method from what the user sent (sealed with `deps.secrets` where it holds a secret). */
  store(deps: ContactDeps, input: Extract<CreateContactMethod, { type: T }>): string | Promise<string>;
  /** What the user's list shows for a stored target: never a secret. */
  describe(deps: ContactDeps, target: string): string;
  send(deps: ContactDeps, target: string, message: PersonalMessage): Promise<ContactAttempt>;
}
