import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * PostgreSQL: every change to what authenticating a key reads (the columns of the key row the
 * key cache remembers: src/modules/api-keys/key-cache.ts) sends NOTIFY lectern_key_changes in the
 * transaction that makes it, so it reaches every listening process when, and only if, it commits.
 * Triggers rather than calls in each service: a revocation, rotation, plan or account change made
 * by any code path (the API, the CLI, the console, an operator's own SQL) is announced, and a
 * change cannot be committed without its announcement. Statement triggers: one notification per
 * statement, folded into one per transaction by PostgreSQL (same channel, same payload).
 *
 * api_keys: the columns authentication reads, not last_used_at (written in batches, never read by
 * it), name or the hints. api_key_secrets and accounts: any change (an account's plan and limits;
 * any other column of an account is rare enough to announce too). Inserts need no announcement:
 * the cache remembers rows found, never a hash it did not find. SQLite has no listeners: its
 * processes compare the database's data version instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`
    create function announce_key_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('lectern_key_changes', '');
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger api_keys_announce after update of id, account_id, workspace_id, environment, scopes, expires_at, revoked_at or delete or truncate
    on api_keys for each statement execute function announce_key_change()
  `.execute(db);
  for (const table of ['api_key_secrets', 'accounts'] as const) {
    await sql`
      create trigger ${sql.id(`${table}_announce`)} after update or delete or truncate
      on ${sql.table(table)} for each statement execute function announce_key_change()
    `.execute(db);
  }
}
