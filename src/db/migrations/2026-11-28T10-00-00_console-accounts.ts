import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * Accounts you can live with (docs/console.md, "Users" and "Security"):
 * - `user_sessions.method`: how a session was opened (`link` or `password`); a password change in
 *   a session opened by a one-time link needs no current password. Sessions from before were
 *   opened by either: they count as `password`, the stricter.
 * - `users.last_sign_in_at`, for the owners' Users page (sessions end, so their rows cannot tell).
 * - `sign_in_failures`: every failed password sign-in (and wrong current password) by email,
 *   whether or not a user has it, and address: the per-account throttle across processes and
 *   restarts, and what owners see of the attempts. Rows older than 24 hours are deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_sessions').addColumn('method', 'text', (c) => c.notNull().defaultTo('password')).execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_email_at_idx').on('sign_in_failures').columns(['email', 'at']).execute();
  await db.schema.createIndex('sign_in_failures_at_idx').on('sign_in_failures').column('at').execute();
}
