/** `/api/v1/users/me/contact-methods` and `/api/v1/contact-methods/{id}`: how the signed-in user is reached by escalations. */
import * as v from 'valibot';
import {
  contactMethodIdSchema,
  contactMethodSchema,
  createContactMethodSchema,
  pushSubscriptionChangeSchema,
  telegramCodeSchema,
  telegramSetupSchema,
  webPushKeySchema,
} from '@/domain/contact-method';
import { testAnswerSchema } from '@/domain/notification';
import { rest } from '../../api/trpc/rest-route';
import { publicProcedure, router, signedInProcedure } from '../../api/trpc/trpc';
import type { SharedLimiter } from '../../platform/shared-rate-limit';
import type { ContactDeps } from './contact-adapter';
import * as service from './contact-methods.service';
import { newLinkCode, telegramSetup } from './telegram-links';
import { callerOf } from '../../platform/caller';

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    /** Contact method delivery, and the limit on test messages per user. */
    contact: ContactDeps & { limit: SharedLimiter };
  }
}

const method = { params: { id: 'contactMethodId' } };

export const contactMethodsRouter = router({
  list: signedInProcedure
    .meta(rest('GET /api/v1/users/me/contact-methods', "Your contact methods: your account's e-mail address first (`isDefault`), then the ones you added"))
    .output(v.array(contactMethodSchema))
    .query(({ ctx }) => service.listMethods(ctx.contact, callerOf(ctx))),
  create: signedInProcedure
    .meta(
      rest(
        'POST /api/v1/users/me/contact-methods',
        "Add a contact method: `{type: EMAIL, address}`, `{type: WEB_PUSH, subscription: {endpoint, keys: {p256dh, auth}}}` (a browser's `PushSubscription.toJSON()`), `{type: NTFY, url, token?}` or `{type: TELEGRAM, chatId}` (409 when Telegram is not set up)",
        {
          status: 201,
          errors: [409],
        },
      ),
    )
    .input(createContactMethodSchema)
    .output(contactMethodSchema)
    .mutation(({ ctx, input }) => service.createMethod(ctx.contact, callerOf(ctx), input)),
  delete: signedInProcedure
    .meta(
      rest('DELETE /api/v1/contact-methods/{id}', 'Delete one of your contact methods (409 for your account address, which always stays)', {
        ...method,
        status: 204,
        errors: [404, 409],
      }),
    )
    .input(contactMethodIdSchema)
    .mutation(({ ctx, input }) => service.deleteMethod(ctx, callerOf(ctx), input.contactMethodId)),
  test: signedInProcedure
    .meta(
      rest('POST /api/v1/contact-methods/{id}/test', 'Send a test message to one of your contact methods now; `message` says how it went', {
        ...method,
        errors: [404, 429],
      }),
    )
    .input(contactMethodIdSchema)
    .output(testAnswerSchema)
    .mutation(({ ctx, input }) => service.testMethod(ctx.contact, callerOf(ctx), input.contactMethodId)),
  // The VAPID public key is public by nature; the service worker asks for it without a session.
  webPushKey: publicProcedure
    .meta(rest('GET /api/v1/web-push/public-key', "The server's VAPID public key (base64url) for a browser's `PushManager.subscribe`"))
    .output(webPushKeySchema)
    .query(({ ctx }) => ({ publicKey: ctx.contact.webPush.vapid.publicKey })),
  // The service worker has no session: the old endpoint, a secret of the browser's, is the credential.
  replacePushSubscription: publicProcedure
    .meta(
      rest(
        'POST /api/v1/web-push/subscription-change',
        "A browser's renewed push subscription (`pushsubscriptionchange`): `{oldEndpoint, subscription}` replaces the stored subscription with that endpoint, for the same user; no session needed (404 for an unknown endpoint)",
        { status: 204, errors: [404] },
      ),
    )
    .input(pushSubscriptionChangeSchema)
    .mutation(({ ctx, input }) => service.replacePushSubscription(ctx.contact, input)),
  telegram: signedInProcedure
    .meta(rest('GET /api/v1/users/me/telegram', "Whether this server has a Telegram bot (TELEGRAM_BOT_TOKEN), and the bot's name", { errors: [502] }))
    .output(telegramSetupSchema)
    .query(({ ctx }) => telegramSetup(ctx.contact)),
  telegramCode: signedInProcedure
    .meta(
      rest(
        'POST /api/v1/users/me/telegram/code',
        'A one-time code (15 minutes) to link a Telegram chat: send `/start <code>` to the bot, or open `link`; a new code replaces the earlier one',
        { errors: [409, 502] },
      ),
    )
    .output(telegramCodeSchema)
    .mutation(({ ctx }) => newLinkCode(ctx.contact, ctx.user)),
});
