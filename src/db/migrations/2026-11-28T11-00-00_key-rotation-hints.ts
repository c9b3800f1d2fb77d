import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * What a rotation's grace period shows of the secret it replaced: the first and last 4 characters
 * of that secret (as key_start and key_end show the current one) and the end of its grace. The
 * secret itself is never stored, only its hash, so keys rotated before this migration show none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('previous_key_start', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('previous_key_end', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('previous_key_expires_at', 'text').execute();
}
