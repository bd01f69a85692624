import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { listQuerySchema } from '@/domain/paging';
import { createUserSchema, updatePasswordSchema, updateUserSchema } from '@/domain/user';
import { router, staffProcedure } from '../../trpc/trpc';
import * as service from './users.service';

const byId = v.object({ userId: idSchema });

export const usersRouter = router({
  list: staffProcedure.input(listQuerySchema).query(({ ctx, input }) => service.listUsers(ctx.db, ctx.user, input)),
  get: staffProcedure.input(byId).query(({ ctx, input }) => service.getUser(ctx.db, ctx.user, input.userId)),
  create: staffProcedure.input(createUserSchema).mutation(({ ctx, input }) => service.createUser(ctx.db, ctx.user, input)),
  update: staffProcedure.input(updateUserSchema).mutation(({ ctx, input }) => service.updateUser(ctx.db, ctx.user, input)),
  updatePassword: staffProcedure
    .input(v.object({ ...byId.entries, ...updatePasswordSchema.entries }))
    .mutation(({ ctx, input }) => service.updatePassword(ctx.db, ctx.auth, ctx.user, ctx.session.familyId, input.userId, input.password)),
  delete: staffProcedure.input(byId).mutation(({ ctx, input }) => service.deleteUser(ctx.db, ctx.user, input.userId)),
});
