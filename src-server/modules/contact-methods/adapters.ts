/** Every kind of contact method this server can reach: a new kind is one adapter added here. */
import type { ContactMethodType } from '@/domain/contact-method';
import type { ContactAdapter } from './contact-adapter';
import { emailAdapter } from './email-adapter';

export const adapters: Record<ContactMethodType, ContactAdapter> = { EMAIL: emailAdapter };
