import type { ExpressionBuilder, Kysely } from 'kysely';
import { lockForUpdate } from '../../db/dialect.js';
import type { DB, SignInLinksTable, UserRole, UsersTable, UserSessionsTable } from '../../db/types.js';

const userColumns = ['id', 'account_id', 'email', 'role', 'password_hash', 'created_at', 'updated_at', 'last_sign_in_at'] as const;

export async function insertUser(db: Kysely<DB>, row: UsersTable): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

export async function findUser(db: Kysely<DB>, id: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** A user of the account; another account's user is not found. */
export async function findAccountUser(db: Kysely<DB>, accountId: string, id: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').select(userColumns).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

/**
 * The account's users with what owners see of them: live sessions, and the failed sign-ins for
 * their email since `failuresSince` (count, the last one's time and address). Ordered by email.
 */
export async function listAccountUsers(db: Kysely<DB>, accountId: string, now: string, failuresSince: string, id?: string) {
  let query = db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.role',
      eb('users.password_hash', 'is not', null).as('has_password'),
      'users.created_at',
      'users.last_sign_in_at',
      eb
        .selectFrom('user_sessions')
        .select(eb.fn.countAll().as('n'))
        .whereRef('user_sessions.user_id', '=', 'users.id')
        .where('user_sessions.expires_at', '>', now)
        .as('sessions'),
      eb
        .selectFrom('sign_in_failures')
        .select(eb.fn.countAll().as('n'))
        .whereRef('sign_in_failures.email', '=', 'users.email')
        .where('sign_in_failures.at', '>', failuresSince)
        .as('failures'),
      eb
        .selectFrom('sign_in_failures')
        .select(['sign_in_failures.at'])
        .whereRef('sign_in_failures.email', '=', 'users.email')
        .where('sign_in_failures.at', '>', failuresSince)
        .orderBy('sign_in_failures.at', 'desc')
        .limit(1)
        .as('last_failure_at'),
      eb
        .selectFrom('sign_in_failures')
        .select(['sign_in_failures.address'])
        .whereRef('sign_in_failures.email', '=', 'users.email')
        .where('sign_in_failures.at', '>', failuresSince)
        .orderBy('sign_in_failures.at', 'desc')
        .limit(1)
        .as('last_failure_address'),
    ])
    .where('users.account_id', '=', accountId);
  if (id !== undefined) query = query.where('users.id', '=', id);
  return query.orderBy('users.email').execute();
}

export type AccountUserRow = Awaited<ReturnType<typeof listAccountUsers>>[number];

/**
 * Locks the account's user rows until the transaction ends (PostgreSQL; SQLite runs one write
 * transaction at a time): changes to one account's owners run one after another, so two owners
 * demoting each other at once cannot both see another owner left.
 */
export async function lockAccountUsers(db: Kysely<DB>, accountId: string): Promise<void> {
  await lockForUpdate(db, db.selectFrom('users').select('id').where('account_id', '=', accountId)).execute();
}

/** Whether the account has another owner besides the user: the condition of every change that could leave none. */
const anotherOwnerLeft = (accountId: string) => (eb: ExpressionBuilder<DB, 'users'>) =>
  eb.or([
    eb('role', '!=', 'owner'),
    eb(eb.selectFrom('users as owners').select(eb.fn.countAll().as('n')).where('owners.account_id', '=', accountId).where('owners.role', '=', 'owner'), '>', 1),
  ]);

/** Sets a user's role, unless that demotes the account's last owner; answers whether it did. */
export async function updateRoleKeepingAnOwner(db: Kysely<DB>, accountId: string, id: string, role: UserRole, now: string): Promise<boolean> {
  let query = db.updateTable('users').set({ role, updated_at: now }).where('account_id', '=', accountId).where('id', '=', id);
  if (role !== 'owner') query = query.where(anotherOwnerLeft(accountId));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a user (their sessions and sign-in links go with them: ON DELETE CASCADE), unless they are the last owner. */
export async function deleteUserKeepingAnOwner(db: Kysely<DB>, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('account_id', '=', accountId).where('id', '=', id).where(anotherOwnerLeft(accountId)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setPasswordHash(db: Kysely<DB>, id: string, hash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
}

export async function setLastSignIn(db: Kysely<DB>, id: string, now: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', id).execute();
}

export async function insertSession(db: Kysely<DB>, row: UserSessionsTable): Promise<void> {
  await db.insertInto('user_sessions').values(row).execute();
}

/** A live session and its user. */
export async function findSession(db: Kysely<DB>, hash: string, now: string) {
  return db
    .selectFrom('user_sessions')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .select(['user_sessions.hash', 'user_sessions.csrf_token', 'user_sessions.expires_at', 'user_sessions.method', ...userColumns.map((c) => `users.${c}` as const)])
    .where('user_sessions.hash', '=', hash)
    .where('user_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Kysely<DB>, hash: string): Promise<void> {
  await db.deleteFrom('user_sessions').where('hash', '=', hash).execute();
}

export async function deleteSessionsOfUser(db: Kysely<DB>, userId: string): Promise<number> {
  const result = await db.deleteFrom('user_sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteOtherSessions(db: Kysely<DB>, userId: string, keepHash: string): Promise<void> {
  await db.deleteFrom('user_sessions').where('user_id', '=', userId).where('hash', '!=', keepHash).execute();
}

export async function deleteExpiredSessions(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('user_sessions').where('expires_at', '<=', now).execute();
}

/** Links used or expired before `now`: they can never sign anyone in again. */
export async function deleteDeadSignInLinks(db: Kysely<DB>, now: string): Promise<void> {
  await db.deleteFrom('sign_in_links').where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)])).execute();
}

export async function insertSignInLink(db: Kysely<DB>, row: SignInLinksTable): Promise<void> {
  await db.insertInto('sign_in_links').values(row).execute();
}

/** Marks an unused, unexpired link used and answers its user id; undefined when it cannot be used (once only, across processes). */
export async function consumeSignInLink(db: Kysely<DB>, hash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('sign_in_links')
    .set({ used_at: now })
    .where('hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
