import { signedInProcedure, router } from '../../trpc/trpc';
import { listVisibleLocations } from './locations.queries';

export const locationsRouter = router({
  visible: signedInProcedure.query(({ ctx }) => listVisibleLocations(ctx.db, ctx.user)),
});
