/** Who is asking: the user whose scope a service applies, and how the alarm history names them. */
import type { Actor } from '@/domain/alarm-lifecycle';
import type { User } from '@/domain/user';

export interface Caller {
  user: User;
  actor: Actor;
}

/** A signed-in caller: a user in the browser, an API call over REST (scripts, monitoring tools). */
export const callerOf = (ctx: { user: User; via: 'trpc' | 'rest' }): Caller => ({
  user: ctx.user,
  actor: { type: ctx.via === 'rest' ? 'API' : 'USER', id: ctx.user.id, name: ctx.user.fullName || ctx.user.email },
});

/** A signed-in session: its user, and the ids that name the session and its refresh family. */
export interface Authenticated {
  user: User;
  sessionId: string;
  familyId: string;
}
