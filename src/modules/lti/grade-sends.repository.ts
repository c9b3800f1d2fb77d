import { type Expression, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { countRows } from '../../db/count.js';
import { lockForUpdate } from '../../db/dialect.js';
import { type FiltersSet, filtersSet, preparedPage } from '../../db/keyset.js';
import type { DB, LtiGradeSendStatus, LtiGradeSendsTable, LtiLaunchesTable } from '../../db/types.js';
import type { PageRequest } from '../../shared/pagination.js';

const columns = [
  'id',
  'workspace_id',
  'registration_id',
  'launch_id',
  'student_id',
  'course_id',
  'lineitem_url',
  'user_id',
  'score_given',
  'score_maximum',
  'activity_progress',
  'grading_progress',
  'timestamp',
  'status',
  'attempt_count',
  'next_attempt_at',
  'last_status_code',
  'last_error',
  'created_at',
  'updated_at',
] as const;

export type GradeSendRow = LtiGradeSendsTable;

export interface GradeSendFilters {
  status?: LtiGradeSendStatus | undefined;
  studentId?: string | undefined;
}

/** The list's filters with the registration it belongs to. */
interface GradeSendListFilters extends GradeSendFilters {
  registrationId: string;
}

/** A list's filters as values of its query: real values, or the placeholders of a prepared one. */
type FilterValues = {
  workspaceId: string;
  registrationId: string;
  status: LtiGradeSendStatus;
  studentId: string;
};

function filterValues(workspaceId: string, filters: GradeSendListFilters): FilterValues {
  return { workspaceId, registrationId: filters.registrationId, status: filters.status ?? 'pending', studentId: filters.studentId ?? '' };
}

function filtered(db: Kysely<DB>, set: FiltersSet<GradeSendListFilters>, values: FilterValues) {
  let query = db.selectFrom('lti_grade_sends').where('workspace_id', '=', values.workspaceId).where('registration_id', '=', values.registrationId);
  if (set.status) query = query.where('status', '=', values.status);
  if (set.studentId) query = query.where('student_id', '=', values.studentId);
  return query;
}

const gradeSendPage = preparedPage<GradeSendListFilters, FilterValues, GradeSendRow>({
  valuesOf: filterValues,
  build: (db, set, values) => filtered(db, set, values).select(columns),
  given: ['registrationId'],
});

export async function listGradeSends(db: Kysely<DB>, workspaceId: string, registrationId: string, filters: GradeSendFilters, page: PageRequest): Promise<GradeSendRow[]> {
  return gradeSendPage(db, workspaceId, { registrationId, status: filters.status, studentId: filters.studentId }, page);
}

export async function countGradeSends(db: Kysely<DB>, workspaceId: string, registrationId: string, filters: GradeSendFilters): Promise<number> {
  const all = { registrationId, status: filters.status, studentId: filters.studentId };
  return countRows(filtered(db, filtersSet(all), filterValues(workspaceId, all)));
}

/** The launches of a student into a course that named an AGS line item, newest first. */
export async function gradedLaunchesOf(
  db: Kysely<DB>,
  workspaceId: string,
  studentId: string,
  courseId: string,
): Promise<Pick<LtiLaunchesTable, 'id' | 'registration_id' | 'sub' | 'ags_lineitem' | 'ags_scopes'>[]> {
  return db
    .selectFrom('lti_launches')
    .select(['id', 'registration_id', 'sub', 'ags_lineitem', 'ags_scopes'])
    .where('workspace_id', '=', workspaceId)
    .where('student_id', '=', studentId)
    .where('course_id', '=', courseId)
    .where('ags_lineitem', 'is not', null)
    .where('sub', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertGradeSend(db: Kysely<DB>, row: LtiGradeSendsTable): Promise<void> {
  await db.insertInto('lti_grade_sends').values(row).execute();
}

/**
 * Marks superseded the pending sends of the same line item and user (of the registration) that
 * came before `newer`, and answers their ids.
 */
export async function supersedePending(db: Kysely<DB>, newer: LtiGradeSendsTable): Promise<string[]> {
  const rows = await db
    .updateTable('lti_grade_sends')
    .set({ status: 'superseded', next_attempt_at: null, updated_at: newer.created_at })
    .where('registration_id', '=', newer.registration_id)
    .where('lineitem_url', '=', newer.lineitem_url)
    .where('user_id', '=', newer.user_id)
    .where('status', '=', 'pending')
    .where('id', '!=', newer.id)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** For the send job: a send by id, whatever its workspace. */
export async function findGradeSendForJob(db: Kysely<DB>, id: string): Promise<GradeSendRow | undefined> {
  return db.selectFrom('lti_grade_sends').select(columns).where('id', '=', id).executeTakeFirst();
}

/** For the send job, in its transaction: the send's state now, locked on PostgreSQL. */
export async function lockGradeSendForJob(db: Kysely<DB>, id: string): Promise<Pick<GradeSendRow, 'status' | 'attempt_count'> | undefined> {
  return lockForUpdate(db, db.selectFrom('lti_grade_sends').select(['status', 'attempt_count']).where('id', '=', id)).executeTakeFirst();
}

export async function updateGradeSend(
  db: Kysely<DB>,
  id: string,
  changes: Partial<Pick<LtiGradeSendsTable, 'status' | 'attempt_count' | 'next_attempt_at' | 'last_status_code' | 'last_error' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('lti_grade_sends').set(changes).where('id', '=', id).execute();
}

/**
 * For the job queue: the line item and user of a send job (its subject is the send), as a subquery
 * on the job's row, so that the sends of one line item and user go one at a time, in order.
 */
export function lineOfJob(eb: ExpressionBuilder<DB, 'jobs'>): Expression<string | null> {
  return eb
    .selectFrom('lti_grade_sends')
    .select(sql<string>`lti_grade_sends.registration_id || ' ' || lti_grade_sends.user_id || ' ' || lti_grade_sends.lineitem_url`.as('line'))
    .whereRef('lti_grade_sends.id', '=', 'jobs.subject_id')
    .$asScalar();
}
