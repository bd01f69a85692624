/**
 * Users of every type. Admins manage everyone; an installer manages only the customers of its
 * organization's locations. Passwords are hashed here and never leave the server.
 */
import { ORGANIZATION_ABSENT } from '@/domain/organization';
import { randomBytes } from 'node:crypto';
import { type CreateUser, type InviteUser, type UpdatePassword, type UpdateUser, type User, passwordChangeMessages } from '@/domain/user';
import type { ListQuery } from '@/domain/paging';
import { type Clock, epochSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError, notFound, invalidField } from '../../platform/errors';
import { hashPassword } from './passwords';
import { findLocation } from '../locations/locations.queries';
import { findOrganization } from '../organizations/organizations.queries';
import type { Caller } from '../../platform/caller';
import * as q from './users.queries';

/** What changing a password needs of sign-in (the auth module's, above this one). */
interface SessionControl {
  verifyOwnPassword(userId: number, password: string, ip: string): Promise<boolean>;
  revokeOtherSessions(userId: number, keepFamilyId?: string): Promise<unknown>;
}

/** The one-time links of a user (onboarding's, above this one), wired in by the composition root. */
interface UserLinks {
  /** Spends every open link of the user: a password set another way must not leave a reset link working. */
  spendAll(db: DB, userId: number, at: number): Promise<unknown>;
}

export interface UserDeps {
  db: DB;
  clock: Clock;
  sessions: SessionControl;
  links: UserLinks;
}

const absent = () => notFound('Deze gebruiker bestaat niet.');
const emailTaken = () => new AppError('CONFLICT', 'Dit e-mailadres is al in gebruik.', { fieldErrors: { email: ['Dit e-mailadres is al in gebruik.'] } });

export const listUsers = async ({ db }: UserDeps, caller: Caller, list: ListQuery) => {
  const { user: actor } = caller;
  const { rows, totalNumberOfPages } = await q.listUsers(db, actor, list);
  return { users: rows, totalNumberOfPages };
};

export async function getUser({ db }: UserDeps, caller: Caller, id: number): Promise<User> {
  const { user: actor } = caller;
  const user = actor.id === id ? await q.loadUser(db, id) : await q.findVisibleUser(db, actor, id);
  if (!user) throw absent();
  return user;
}

async function assertEmailFree(db: DB, email: string, exceptId?: number) {
  const existing = await q.findUserByEmail(db, email);
  if (existing && existing.id !== exceptId) throw emailTaken();
}

async function assertLocationsVisible(db: DB, actor: User, locationIds: number[]) {
  for (const id of locationIds) {
    if (!(await findLocation(db, actor, id))) throw invalidField('locationIds', `Locatie ${id} bestaat niet.`);
  }
}

async function assertOrganizationVisible(db: DB, actor: User, organizationId: number) {
  if (!(await findOrganization(db, actor, organizationId))) throw invalidField('organizationId', ORGANIZATION_ABSENT);
}

/**
 * A customer linked to locations of more than one organization belongs to no single installer:
 * only an admin may change its e-mail, password or links, or delete it. Otherwise an installer
 * could take over the account and read the other organization's data with it.
 */
async function assertWhollyManaged(db: DB, actor: User, target: User) {
  if (actor.type === 'admin' || target.type !== 'customer') return;
  for (const id of target.locationIds) {
    if (!(await findLocation(db, actor, id))) {
      throw new AppError(
        'CONFLICT',
        'Deze klant is ook aan locaties van een andere organisatie gekoppeld; alleen een beheerder kan hem wijzigen of verwijderen.',
      );
    }
  }
}

export function createUser(deps: UserDeps, caller: Caller, { password, ...input }: CreateUser): Promise<User> {
  return insertNewUser(deps, caller, input, password);
}

/**
 * An invited user: same roles and checks as creating one, with a random password
 * nobody knows until the invitee sets one from the link; `withUser` stores the link in the same transaction.
 */
export function createInvitedUser(deps: UserDeps, caller: Caller, input: InviteUser, withUser: (trx: DB, userId: number) => Promise<void>): Promise<User> {
  return insertNewUser(deps, caller, input, randomBytes(32).toString('base64url'), withUser);
}

async function insertNewUser(
  deps: UserDeps,
  caller: Caller,
  input: InviteUser,
  password: string,
  withUser?: (trx: DB, userId: number) => Promise<void>,
): Promise<User> {
  const { user: actor } = caller;
  if (actor.type !== 'admin' && input.type !== 'customer') {
    throw new AppError('FORBIDDEN', 'Alleen beheerders mogen beheerders en installateurs aanmaken.');
  }
  const { db, clock } = deps;
  if (input.type === 'installer') await assertOrganizationVisible(db, actor, input.organizationId);
  if (input.type === 'customer') await assertLocationsVisible(db, actor, input.locationIds);
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(password);
  const id = await db.transaction().execute(async (trx) => {
    const userId = await q.insertUser(trx, {
      type: input.type,
      email: input.email,
      fullName: input.fullName,
      passwordHash,
      organizationId: input.type === 'installer' ? input.organizationId : null,
      createdAt: epochSeconds(clock),
    });
    if (input.type === 'customer') await q.setUserLocations(trx, userId, input.locationIds);
    await withUser?.(trx, userId);
    return userId;
  });
  return getUser(deps, caller, id);
}

export async function updateUser(deps: UserDeps, caller: Caller, { userId, email, fullName, organizationId, locationIds }: UpdateUser): Promise<User> {
  const { user: actor } = caller;
  const { db } = deps;
  const target = await getUser(deps, caller, userId);
  await assertEmailFree(db, email, userId);
  if (target.type === 'installer' && organizationId !== undefined) await assertOrganizationVisible(db, actor, organizationId);
  await assertWhollyManaged(db, actor, target);
  const links = target.type === 'customer' ? locationIds : undefined;
  if (links) await assertLocationsVisible(db, actor, links);
  await db.transaction().execute(async (trx) => {
    await q.updateUserRow(trx, userId, { email, fullName, ...(target.type === 'installer' && organizationId ? { organizationId } : {}) });
    if (links) await q.setUserLocations(trx, userId, links);
  });
  return getUser(deps, caller, userId);
}

/**
 * Sets a new password and ends the user's other sign-ins (all of them when someone else sets it);
 * reset and invitation links still open stop working, as after a reset from a link.
 * Users changing their own give the current one, checked under the sign-in limits.
 */
export async function updatePassword(
  deps: UserDeps,
  caller: Caller,
  session: { familyId: string; ip: string },
  { userId, password, currentPassword }: { userId: number } & UpdatePassword,
) {
  const { user: actor } = caller;
  const { db, sessions } = deps;
  await assertWhollyManaged(db, actor, await getUser(deps, caller, userId));
  if (userId === actor.id) {
    if (!currentPassword) throw invalidField('currentPassword', passwordChangeMessages.currentMissing);
    if (!(await sessions.verifyOwnPassword(actor.id, currentPassword, session.ip))) throw invalidField('currentPassword', passwordChangeMessages.currentWrong);
  }
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await q.setPasswordHash(trx, userId, passwordHash);
    await deps.links.spendAll(trx, userId, epochSeconds(deps.clock));
  });
  await sessions.revokeOtherSessions(userId, userId === actor.id ? session.familyId : undefined);
}

export async function deleteUser(deps: UserDeps, caller: Caller, userId: number) {
  const { user: actor } = caller;
  if (userId === actor.id) throw new AppError('CONFLICT', 'Je kunt jezelf niet verwijderen.');
  await assertWhollyManaged(deps.db, actor, await getUser(deps, caller, userId));
  await q.deleteUserRow(deps.db, userId);
}
