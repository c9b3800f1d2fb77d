import type { Kysely } from 'kysely';
import type { DB, SignInLinksTable, UsersTable, UserSessionsTable } from '../../db/types.js';

const userColumns = ['id', 'account_id', 'email', 'role', 'password_hash', 'created_at', 'updated_at'] as const;

export async function insertUser(db: Kysely<DB>, row: UsersTable): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').select(userColumns).where('email', '=', email).executeTakeFirst();
}

export async function findUser(db: Kysely<DB>, id: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export async function setPasswordHash(db: Kysely<DB>, id: string, hash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
}

export async function insertSession(db: Kysely<DB>, row: UserSessionsTable): Promise<void> {
  await db.insertInto('user_sessions').values(row).execute();
}

/** A live session and its user. */
export async function findSession(db: Kysely<DB>, hash: string, now: string) {
  return db
    .selectFrom('user_sessions')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .select(['user_sessions.hash', 'user_sessions.csrf_token', 'user_sessions.expires_at', ...userColumns.map((c) => `users.${c}` as const)])
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
