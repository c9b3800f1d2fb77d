import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * SQLite: a counter of the changes to what authenticating a key reads, moved by triggers in the
 * transaction that makes the change, so that every process's key cache (src/modules/api-keys/
 * key-lookup.ts) knows its rows are still exact without forgetting them at each commit of the
 * database (a course created, a usage count written). The changes are PostgreSQL's announcements
 * (key-change-notify: the columns of api_keys that authentication reads, any change of
 * api_key_secrets and accounts), plus inserts of keys and secrets: SQLite's cache also remembers
 * a hash that matched nothing. Triggers rather than calls in each service, as there: the API, the
 * CLI, the console and an operator's own SQL all move it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`create table key_changes (id integer primary key check (id = 1), version integer not null)`.execute(db);
  await sql`insert into key_changes (id, version) values (1, 0)`.execute(db);
  const triggers: [name: string, event: string, table: string][] = [
    ['api_keys_key_change_insert', 'insert', 'api_keys'],
    ['api_keys_key_change_update', 'update of id, account_id, workspace_id, environment, scopes, expires_at, revoked_at', 'api_keys'],
    ['api_keys_key_change_delete', 'delete', 'api_keys'],
    ['api_key_secrets_key_change_insert', 'insert', 'api_key_secrets'],
    ['api_key_secrets_key_change_update', 'update', 'api_key_secrets'],
    ['api_key_secrets_key_change_delete', 'delete', 'api_key_secrets'],
    ['accounts_key_change_update', 'update', 'accounts'],
    ['accounts_key_change_delete', 'delete', 'accounts'],
  ];
  for (const [name, event, table] of triggers) {
    await sql
      .raw(`create trigger ${name} after ${event} on ${table} begin update key_changes set version = version + 1 where id = 1; end`)
      .execute(db);
  }
}
