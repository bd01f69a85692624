import { signedInProcedure, router } from '../../trpc/trpc';

export const authRouter = router({
  me: signedInProcedure.query(({ ctx }) => ctx.user),
});
