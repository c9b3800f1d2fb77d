import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * The instructor pages an LTI launch opens inside the LMS (the Deep Linking course picker, the
 * course's members from Names and Roles) run on a short-lived token carried in their forms, never
 * on a cookie. Only the SHA-256 of a token is stored. `kind` is `deep_linking` (single use: the
 * answer to the platform spends it; `return_url`, `settings` hold the request's deep-linking
 * settings) or `members` (`launch_id` names the instructor's launch with the roster URL; no
 * foreign key, as player sessions).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_page_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('registration_id', 'text', (c) => c.notNull().references('lti_registrations.id').onDelete('cascade'))
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('launch_id', 'text')
    .addColumn('return_url', 'text')
    .addColumn('settings', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_page_tokens_expires_idx').on('lti_page_tokens').column('expires_at').execute();
}
