import type { Kysely } from 'kysely';
import type { DB, LtiLaunchesTable } from '../../db/types.js';

const launchColumns = [
  'id',
  'workspace_id',
  'registration_id',
  'deployment_id',
  'sub',
  'student_id',
  'course_id',
  'context_id',
  'resource_link_id',
  'roles',
  'message_type',
  'ags_lineitem',
  'ags_lineitems',
  'ags_scopes',
  'nrps_url',
  'created_at',
] as const;

export async function insertLaunch(db: Kysely<DB>, row: LtiLaunchesTable): Promise<void> {
  await db.insertInto('lti_launches').values(row).execute();
}

export async function findLaunch(db: Kysely<DB>, workspaceId: string, id: string): Promise<LtiLaunchesTable | undefined> {
  return db.selectFrom('lti_launches').select(launchColumns).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

/** The latest launch of a student into a course (its AGS line item is where the score goes). */
export async function latestLaunchOf(db: Kysely<DB>, workspaceId: string, studentId: string, courseId: string): Promise<LtiLaunchesTable | undefined> {
  return db
    .selectFrom('lti_launches')
    .select(launchColumns)
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('course_id', '=', courseId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

