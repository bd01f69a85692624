/** Invitations and password resets over tRPC and REST. */
import * as v from 'valibot';
import { authTokensSchema } from '@/domain/auth';
import { PASSWORD_RESET_REQUESTED, invitationResultSchema, passwordResetRequestSchema, setPasswordWithTokenSchema } from '@/domain/onboarding';
import { inviteUserSchema } from '@/domain/user';
import { rest } from '../../api/trpc/rest-route';
import { callerOf } from '../../platform/caller';
import { publicProcedure, router, staffProcedure } from '../../api/trpc/trpc';
import type { createOnboarding } from './onboarding.service';

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    onboarding: ReturnType<typeof createOnboarding>;
  }
}

export const onboardingRouter = router({
  invite: staffProcedure
    .meta(
      rest(
        'POST /api/users/invite',
        'Invite a user: the create-user body without password → {id, inviteUrl}; the one-time link (72 h) is mailed when SMTP is set',
        {
          status: 201,
          errors: [409],
        },
      ),
    )
    .input(inviteUserSchema)
    .output(invitationResultSchema)
    .mutation(({ ctx, input }) => ctx.onboarding.invite(callerOf(ctx), input)),
  acceptInvitation: publicProcedure
    .meta(
      rest('POST /auth/invitation/accept', 'Set the password from an invitation link: {accessToken, refreshToken}; a used or expired link is a 400', {
        public: true,
      }),
    )
    .input(setPasswordWithTokenSchema)
    .output(authTokensSchema)
    .mutation(({ ctx, input }) => ctx.onboarding.acceptInvitation(input)),
  requestPasswordReset: publicProcedure
    .meta(
      rest('POST /auth/password-reset', 'Mail a one-time reset link (1 h) if the address exists; the same 202 whatever the address; 429 too many requests', {
        public: true,
        status: 202,
        errors: [429],
      }),
    )
    .input(passwordResetRequestSchema)
    .output(v.object({ message: v.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.onboarding.requestPasswordReset(input.email, ctx.ip);
      return { message: PASSWORD_RESET_REQUESTED };
    }),
  confirmPasswordReset: publicProcedure
    .meta(
      rest('POST /auth/password-reset/confirm', "Set a new password from a reset link; the user's sessions end; a used or expired link is a 400", {
        public: true,
        status: 204,
      }),
    )
    .input(setPasswordWithTokenSchema)
    .mutation(({ ctx, input }) => ctx.onboarding.confirmPasswordReset(input)),
});
