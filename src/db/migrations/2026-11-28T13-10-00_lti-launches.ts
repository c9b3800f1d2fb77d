import type { Kysely } from 'kysely';

// Frozen: this migration must keep producing the same schema; change the schema in a new file.

/**
 * LTI 1.3 launches. `lti_login_states`: one row per OIDC login, keyed by the SHA-256 of its
 * `state` (the state itself is never stored), with the nonce the id_token must carry; single use
 * (`used_at`). `lti_used_nonces`: every nonce a valid id_token spent, so that a replay fails; kept
 * until the token could no longer be valid. `lti_launches`: each launch that opened a course, with
 * what the grade and roster services need later (the AGS line item and scopes, the NRPS URL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_login_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('registration_id', 'text', (c) => c.notNull().references('lti_registrations.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('target_link_uri', 'text', (c) => c.notNull())
    .addColumn('login_params', 'text', (c) => c.notNull())
    .addColumn('storage_target', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_login_states_expires_idx').on('lti_login_states').column('expires_at').execute();

  await db.schema
    .createTable('lti_used_nonces')
    .addColumn('registration_id', 'text', (c) => c.notNull().references('lti_registrations.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_used_nonces_pk', ['registration_id', 'nonce'])
    .execute();
  await db.schema.createIndex('lti_used_nonces_expires_idx').on('lti_used_nonces').column('expires_at').execute();

  await db.schema
    .createTable('lti_launches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('registration_id', 'text', (c) => c.notNull().references('lti_registrations.id').onDelete('cascade'))
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('sub', 'text')
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('cascade'))
    .addColumn('context_id', 'text')
    .addColumn('resource_link_id', 'text')
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('message_type', 'text', (c) => c.notNull())
    .addColumn('ags_lineitem', 'text')
    .addColumn('ags_lineitems', 'text')
    .addColumn('ags_scopes', 'text')
    .addColumn('nrps_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_launches_workspace_idx').on('lti_launches').columns(['workspace_id', 'created_at']).execute();
  await db.schema.createIndex('lti_launches_student_idx').on('lti_launches').columns(['student_id', 'course_id']).execute();
  await db.schema.createIndex('lti_launches_course_idx').on('lti_launches').column('course_id').execute();
  await db.schema.createIndex('lti_launches_registration_idx').on('lti_launches').column('registration_id').execute();
}
