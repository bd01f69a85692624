/** Every kind of contact method this server can reach: a new kind is one adapter added here. */
import type { ContactMethodType } from '@/domain/contact-method';
import type { ContactAdapter } from './contact-adapter';
import { emailAdapter } from './email-adapter';
import { ntfyAdapter } from './ntfy-adapter';
import { telegramAdapter } from './telegram-adapter';
import { webPushAdapter } from './web-push-adapter';

const adapters: { [T in ContactMethodType]: ContactAdapter<T> } = {
  EMAIL: emailAdapter,
  WEB_PUSH: webPushAdapter,
  NTFY: ntfyAdapter,
  TELEGRAM: telegramAdapter,
};

/** The adapter of a stored method's type. */
export const adapterOf = (type: ContactMethodType) => adapters[type] as ContactAdapter;
