import { type Kysely, sql } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * LTI 1.3 (docs/lti.md, "Registrations" and "Keys"):
 * - `lti_registrations`: the platforms (LMSs) a workspace trusts. A launch finds its platform by
 *   (issuer, client_id), whatever the workspace, so that pair is unique across workspaces; two
 *   workspaces may still register one issuer with different client ids.
 * - `lti_deployments`: the deployment ids known for a registration (given by hand, or recorded by
 *   launches when the registration accepts unknown ones).
 * - `lti_registration_links`: one-time Dynamic Registration links (only a hash of the token).
 * - `lti_tool_keys`: the tool's own RSA signing keys. At most one `current` and one `previous` key:
 *   the partial unique index makes the first-use creation and the rotation safe across processes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('auth_login_url', 'text', (c) => c.notNull())
    .addColumn('auth_token_url', 'text', (c) => c.notNull())
    .addColumn('jwks_url', 'text', (c) => c.notNull())
    .addColumn('unknown_deployments', 'text', (c) => c.notNull().defaultTo('accept'))
    .addColumn('student_id_claim', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('lti_registrations_platform_unique', ['issuer', 'client_id'])
    .execute();
  await db.schema.createIndex('lti_registrations_workspace_idx').on('lti_registrations').columns(['workspace_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('lti_deployments')
    .addColumn('registration_id', 'text', (c) => c.notNull().references('lti_registrations.id').onDelete('cascade'))
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_deployments_pk', ['registration_id', 'deployment_id'])
    .execute();

  await db.schema
    .createTable('lti_registration_links')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('registration_id', 'text', (c) => c.references('lti_registrations.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lti_tool_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();
  await db.schema
    .createIndex('lti_tool_keys_published_unique')
    .on('lti_tool_keys')
    .column('state')
    .unique()
    .where(sql<boolean>`state in ('current', 'previous')`)
    .execute();
}
