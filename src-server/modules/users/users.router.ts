import * as v from 'valibot';
import { idSchema } from '@/domain/common';
import { listQuerySchema, pageSchema } from '@/domain/paging';
import { createUserSchema, updatePasswordSchema, updateUserSchema, userSchema } from '@/domain/user';
import { rest } from '../../api/trpc/rest-route';
import { router, signedInProcedure, staffProcedure } from '../../api/trpc/trpc';
import { hasOneTimePassword } from './users.queries';
import * as service from './users.service';
import type { UserDeps } from './users.service';
import { callerOf } from '../../platform/caller';

const byId = v.object({ userId: idSchema });
const id = { params: { id: 'userId' } };

/** The services this module's procedures use, built by the composition root. */
declare module '../../api/trpc/context' {
  interface AppServices {
    users: UserDeps;
  }
}

export const usersRouter = router({
  list: staffProcedure
    .meta(rest('GET /api/users/list', 'Page through users (pageNumber 0-based, pageSize ≤ 100, query)'))
    .input(listQuerySchema)
    .output(pageSchema('users', userSchema))
    .query(({ ctx, input }) => service.listUsers(ctx.users, callerOf(ctx), input)),
  get: staffProcedure
    .meta(rest('GET /api/user/{id}', 'One user', id))
    .input(byId)
    .output(userSchema)
    .query(({ ctx, input }) => service.getUser(ctx.users, callerOf(ctx), input.userId)),
  create: staffProcedure
    .meta(rest('POST /api/users/create', 'Create a user; the body is discriminated by type', { status: 201, errors: [409] }))
    .input(createUserSchema)
    .output(userSchema)
    .mutation(({ ctx, input }) => service.createUser(ctx.users, callerOf(ctx), input)),
  update: staffProcedure
    .meta(rest('PATCH /api/user/{id}', 'Edit e-mail, name and the fields of the user type', { ...id, errors: [409] }))
    .input(updateUserSchema)
    .output(userSchema)
    .mutation(({ ctx, input }) => service.updateUser(ctx.users, callerOf(ctx), input)),
  updatePassword: staffProcedure
    .meta(
      rest('POST /api/user/{id}/update-password', 'Set a new password (your own: with currentPassword); the user’s other sessions end', {
        ...id,
        status: 204,
      }),
    )
    .input(v.object({ ...byId.entries, ...updatePasswordSchema.entries }))
    .mutation(({ ctx, input }) => service.updatePassword(ctx.users, callerOf(ctx), { familyId: ctx.session.familyId, ip: ctx.ip }, input)),
  /** Whether the caller still has the one-time password printed at the first start (then the console asks for a new one). */
  oneTimePassword: signedInProcedure.output(v.boolean()).query(({ ctx }) => hasOneTimePassword(ctx.db, ctx.user.id)),
  delete: staffProcedure
    .meta(rest('DELETE /api/user/{id}', 'Delete a user (not yourself)', { ...id, status: 204, errors: [409] }))
    .input(byId)
    .mutation(({ ctx, input }) => service.deleteUser(ctx.users, callerOf(ctx), input.userId)),
});
