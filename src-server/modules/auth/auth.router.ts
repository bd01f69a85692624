/** Sign-in over REST and tRPC: login, refresh, logout and the current user. */
import { authTokensSchema, loginSchema, logoutSchema, refreshSchema } from '@/domain/auth';
import { userSchema } from '@/domain/user';
import { rest } from '../../api/trpc/rest-route';
import { trusted } from '../../api/trpc/trusted-output';
import { publicProcedure, router, signedInProcedure } from '../../api/trpc/trpc';
import type { createAuthService } from './auth.service';

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    auth: ReturnType<typeof createAuthService>;
  }
}

export const authRouter = router({
  login: publicProcedure
    .meta(
      rest('POST /auth/login', 'Sign in: {accessToken, refreshToken}; 404 unknown e-mail, 401 wrong password, 429 too many failures', {
        public: true,
        errors: [401, 404, 429],
      }),
    )
    .input(loginSchema)
    .output(authTokensSchema)
    .mutation(({ ctx, input }) => ctx.auth.login(input, ctx.ip)),
  refresh: publicProcedure
    .meta(rest('POST /auth/refresh', 'Rotate the tokens; a spent refresh token revokes the sign-in', { public: true, errors: [401] }))
    .input(refreshSchema)
    .output(authTokensSchema)
    .mutation(({ ctx, input }) => ctx.auth.refresh(input.refreshToken)),
  logout: publicProcedure
    .meta(rest('POST /auth/logout', 'End the sign-in of the bearer token (and of a refreshToken in the body)', { public: true, status: 204 }))
    .input(logoutSchema)
    .mutation(async ({ ctx, input }) => {
      if (ctx.token) await ctx.auth.logout(ctx.token);
      if (input?.refreshToken) await ctx.auth.logout(input.refreshToken);
    }),
  me: signedInProcedure
    .meta(rest('GET /auth/me', 'The signed-in user'))
    // The session check built this user from its row (toUser); checking it again on every call costs more than the lookup.
    .output(trusted(userSchema))
    .query(({ ctx }) => ctx.user),
});
