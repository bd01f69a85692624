/** The root tRPC router: one sub-router per domain. Its type is what the client imports. */
import { authRouter } from '../modules/auth/auth.router';
import { locationsRouter } from '../modules/locations/locations.router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  location: locationsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
